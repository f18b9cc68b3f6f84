// Issue 33 items 3, 4 and 8 through the CLI: real processes on real repositories, each killed at
// KILL_MS (a run that needs the kill is a hang). The in-process twins are core-linear.test.ts and
// trap-isolation.test.ts; the speed targets are in `npm run bench` (session-state: the gate's worst
// cases). Each test logs its worst time for the hostile matrix.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeRepo, ROOT, runCli } from "../helpers.js";
import { KILL_MS, runAsync } from "./matrix.js";
import { manifest, session } from "../rules/tables/manifest.mjs";

const GATE = join(ROOT, "bin", "agentcheck-gate.cjs");

describe("issue 33 item 3: the escape bomb through the commands", () => {
  it("session gate: a state with 160,000 \\n escapes (was 6 s, past the hook timeout) is judged: Write allowed in coding mode, Read allowed", async () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    expect(runCli(["session", "create"], { cwd: dir }).code).toBe(0);
    expect(runCli(["session", "mode", "coding"], { cwd: dir }).code).toBe(0);
    const sessions = join(dir, ".agent-notes", "sessions");
    const note = join(sessions, readdirSync(sessions).find((n) => n.startsWith("session-") && n.endsWith(".md"))!);
    const text = readFileSync(note, "utf8");
    const json = /```json\n([\s\S]*?)\n```/.exec(text)![1];
    const state = JSON.parse(json);
    // the start protocol done (issue 40: under the default preset the gate waits for it), its evidence the bomb
    state.protocolStartComplete = true;
    state.protocolStartEvidence = { ...state.protocolStartEvidence, handoffRead: "\n".repeat(160_000) };
    writeFileSync(note, text.replace(json, JSON.stringify(state)));
    let worst = 0;
    for (const tool of ["Write", "Read"]) {
      const r = await runAsync([], { cwd: dir, input: JSON.stringify({ tool_name: tool, cwd: dir, tool_input: {} }), bin: GATE });
      worst = Math.max(worst, r.ms);
      expect(r.code, `killed after ${KILL_MS} ms?`).toBe(0);
      expect(r.stdout, tool).toBe("");
    }
    // over the 1 MiB state limit: denied, as invalid (not at the deadline)
    state.protocolStartEvidence.handoffRead = "\n".repeat(600_000);
    writeFileSync(note, text.replace(json, JSON.stringify(state)));
    const big = await runAsync([], { cwd: dir, input: JSON.stringify({ tool_name: "Write", cwd: dir, tool_input: {} }), bin: GATE });
    worst = Math.max(worst, big.ms);
    expect(big.code).toBe(0);
    const reason = JSON.parse(big.stdout).hookSpecificOutput.permissionDecisionReason as string;
    expect(reason).toContain("invalid");
    expect(reason).not.toContain("state unavailable");
    console.log(`issue 33 gate escape bomb: worst decision ${worst} ms`);
  });

  it("task save --data: 60,000 escapes in one value are saved and checked (was a trap)", async () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    const data = JSON.stringify({ note: "\n".repeat(60_000) });
    const r = await runAsync(["task", "save", "T1", "--iteration", "1", "--phase", "build", "--status", "in_progress", "--data", data], { cwd: dir });
    console.log(`issue 33 task save escape bomb: ${r.ms} ms`);
    expect(r.code, r.stderr).toBe(0);
    const chk = await runAsync(["check", ".", "--only", "aibrain", "--format", "json"], { cwd: dir });
    expect(chk.stdout).not.toContain("AC-902");
    expect(chk.code, chk.stderr).toBe(0);
  });

  it("manifests (check --only manifest): one manifest with 200,000 escapes is judged, the other keeps its result (no AC-902, no false SM-012)", async () => {
    const files: Record<string, string> = {};
    for (const f of ["2026-02-14_a_a1b2c3", "2026-02-14_b_a1b2c3"]) {
      for (const d of session(manifest({ session_id: f, ...(f.includes("_a_") ? { description: "\n".repeat(200_000) } : {}) }), { folder: f })) files[d.name] = d.text!;
      files[`agents/sessions/${f}/plan.json`] = "{}";
      files[`agents/sessions/${f}/plan.md`] = "# plan\n";
    }
    const dir = makeRepo(files);
    const r = await runAsync(["check", ".", "--only", "manifest", "--format", "json"], { cwd: dir });
    console.log(`issue 33 manifest escape bomb: ${r.ms} ms`);
    expect(r.code, r.stderr).not.toBe(2);
    const report = JSON.parse(r.stdout);
    const ids = report.results.flatMap((x: { findings: { ruleId: string }[] }) => x.findings.map((f) => f.ruleId));
    expect(ids).not.toContain("AC-902");
    expect(ids).not.toContain("SM-012");
  });
});

describe("issue 33 item 8: algorithmic bounds through the commands", () => {
  it("session migrate-handoff --dry-run: a 2,000-level nested list (4 MB) ends within the kill bound (was 48 s at 2,800 levels)", async () => {
    const lines = ["# Handoff", "", "## Next steps", ""];
    for (let k = 0; k < 2000; k++) lines.push(`${"  ".repeat(k)}- item ${k}`);
    const dir = makeRepo({ ".agents/HANDOFF.md": `${lines.join("\n")}\n` });
    const r = await runAsync(["session", "migrate-handoff", "--dry-run"], { cwd: dir });
    console.log(`issue 33 migrate-handoff deep list: ${r.ms} ms`);
    expect(r.code, r.stderr).toBe(0);
    // (the report runs past the 1 MB runAsync keeps; its start names the one hand-off)
    expect(r.stdout).toMatch(/"reason":\s*"item 0"/);
  });

  it("a configured glob with 2,000 nested braces: exit 2 naming the bound (was a raw stack overflow)", async () => {
    const glob = `${"{a,".repeat(2000)}b${"}".repeat(2000)}`;
    const dir = makeRepo({ "agentcheck.config.json": JSON.stringify({ ignores: [glob] }), "README.md": "# r\n" });
    const r = await runAsync(["check", "."], { cwd: dir });
    console.log(`issue 33 nested glob braces: ${r.ms} ms`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("braces nested deeper than 32 levels");
    expect(r.stderr).not.toContain("Maximum call stack");
  });
});
