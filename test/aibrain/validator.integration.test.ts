// The .aibrain validator (AB-001..AB-007, WebAssembly core) through `agentcheck check`: a visible skip
// without .aibrain, clean checkpoints written by `task save` pass, each rule fires on its case.
import { describe, it, expect } from "vitest";
import { git, makeRepo, runCli, writeTree } from "../helpers.js";
import { ruleTable } from "../../dist/index.js";

const fm = (o: Record<string, unknown>) => `---\n${JSON.stringify({
  id: "S-1", task_id: "T1", project: "p", created_at: "2026-02-07T10:00:00Z", updated_at: "2026-02-07T11:00:00+01:00",
  iteration_count: 1, checkpoint_number: 0, phase: "build", status: "in_progress", ...o,
}, null, 2)}\n---\n\nbody\n\n---\n\nmore\n`;

function check(repo: string) {
  const r = runCli(["check", ".", "--only", "aibrain,session-state", "--format", "json"], { cwd: repo, env: { AGENTCHECK_NOTES_DIR: undefined } });
  return { code: r.code, results: JSON.parse(r.stdout).results as { file: string; validator: string; verdict: string; reason?: string; findings: { ruleId: string; line: number; column: number; message: string }[] }[] };
}

describe("aibrain validator in check", () => {
  it("AB-001..AB-007 are declared in the rule core", () => {
    expect(ruleTable().filter((r) => r.validator === "aibrain").map((r) => r.id)).toEqual(["AB-001", "AB-002", "AB-003", "AB-004", "AB-005", "AB-006", "AB-007"]);
  });

  it("no .aibrain: listed as a skip (as is absent session state)", () => {
    const { code, results } = check(makeRepo({ "README.md": "# x\n" }));
    expect(code).toBe(0);
    expect(results.find((r) => r.validator === "aibrain")).toMatchObject({ verdict: "skip", reason: "no .aibrain directory" });
    expect(results.find((r) => r.validator === "session-state")).toMatchObject({ verdict: "skip" });
  });

  it("checkpoints written by task save pass (active and archived)", () => {
    const repo = makeRepo();
    runCli(["task", "save", "T1", "--iteration", "1", "--phase", "p", "--status", "in_progress", "--data", '{"max_iterations":3,"note":"---"}'], { cwd: repo });
    runCli(["task", "save", "T2", "--iteration", "1", "--phase", "p", "--status", "completed"], { cwd: repo });
    runCli(["task", "archive", "T2"], { cwd: repo });
    const { code, results } = check(repo);
    expect(code).toBe(0);
    expect(results.filter((r) => r.validator === "aibrain").map((r) => [r.file, r.verdict])).toEqual([
      [".aibrain/session-T1.md", "pass"], [".aibrain/sessions/archive/session-T2.md", "pass"],
    ]);
  });

  it("each rule fires on its case, with line and column for front-matter errors", () => {
    const repo = makeRepo();
    writeTree(repo, {
      ".aibrain/session-T1.md": fm({}),
      ".aibrain/session-YAML.md": "---\ntitle: x\n---\n",
      ".aibrain/session-BAD.md": '---\n{\n  "id": "x",\n  "task_id": "BAD" "p": 1\n}\n---\n',
      ".aibrain/session-OPEN.md": '---\n{"id": "x"}\nno closing line\n',
      ".aibrain/session-KEYS.md": fm({ task_id: "KEYS", project: 3, iteration_count: -1, created_at: "yesterday", checkpoint_number: undefined }),
      ".aibrain/session-ST.md": fm({ task_id: "ST", status: "done" }),
      ".aibrain/session-TS.md": fm({ task_id: "TS", created_at: "2026-02-07T10:00:00Z", updated_at: "2026-02-07T10:59:59+01:00" }),
      ".aibrain/session-MAX.md": fm({ task_id: "MAX", iteration_count: 51, max_iterations: 50 }),
      ".aibrain/sessions/archive/session-ARC.md": fm({ task_id: "ARC", status: "blocked" }),
      ".aibrain/session-NAME.md": fm({ task_id: "OTHER" }),
      ".aibrain/session-CRLF.md": "\ufeff" + fm({ task_id: "CRLF" }).replace(/\n/g, "\r\n"),
    });
    const { code, results } = check(repo);
    expect(code).toBe(1);
    const by = (f: string) => results.find((r) => r.file === `.aibrain/${f}`)!.findings.map((x) => `${x.ruleId}@${x.line}:${x.column}`);
    expect(by("session-T1.md")).toEqual([]);
    expect(by("session-CRLF.md")).toEqual([]);
    expect(by("session-YAML.md")).toEqual(["AB-001@2:1"]);
    expect(by("session-BAD.md")).toEqual(["AB-001@4:20"]);
    expect(by("session-OPEN.md")).toEqual(["AB-001@3:1"]);
    expect(by("session-KEYS.md").map((s) => s.split("@")[0])).toEqual(["AB-002", "AB-002", "AB-002", "AB-002"]);
    expect(by("session-ST.md").map((s) => s.split("@")[0])).toEqual(["AB-003"]);
    expect(by("session-TS.md").map((s) => s.split("@")[0])).toEqual(["AB-004"]);
    expect(by("session-MAX.md").map((s) => s.split("@")[0])).toEqual(["AB-005"]);
    expect(by("sessions/archive/session-ARC.md").map((s) => s.split("@")[0])).toEqual(["AB-006"]);
    expect(by("session-NAME.md").map((s) => s.split("@")[0])).toEqual(["AB-007"]);
  });

  it("AB-001: check and task load agree on white space after the JSON object (NBSP and other Unicode spaces are white space in both)", () => {
    const repo = makeRepo();
    const spaced = (id: string, tail: string) => fm({ task_id: id }).replace(/\n}\n---\n/, `\n}${tail}\n---\n`);
    writeTree(repo, {
      ".aibrain/session-NB.md": spaced("NB", "\u00a0 \u2003\t"),
      ".aibrain/session-TXT.md": spaced("TXT", " x"),
    });
    const { results } = check(repo);
    const by = (f: string) => results.find((r) => r.file === `.aibrain/${f}`)!.findings.map((x) => x.ruleId);
    expect(by("session-NB.md")).toEqual([]);
    expect(by("session-TXT.md")).toEqual(["AB-001"]);
    const nb = runCli(["task", "load", "NB"], { cwd: repo });
    expect(nb.code, nb.stderr).toBe(0);
    expect(JSON.parse(nb.stdout)).toMatchObject({ task_id: "NB" });
    const txt = runCli(["task", "load", "TXT"], { cwd: repo });
    expect(txt.code).not.toBe(0);
    expect(txt.stderr).toMatch(/malformed front matter/);
  });

  it("check --staged: a staged checkpoint is validated from the index; a README-only commit skips the validator", () => {
    const repo = makeRepo({ "README.md": "# x\n", ".aibrain/session-T1.md": fm({}) });
    writeTree(repo, { ".aibrain/session-T1.md": fm({ status: "paused" }) });
    git(repo, "add", ".aibrain/session-T1.md");
    writeTree(repo, { ".aibrain/session-T1.md": fm({}) }); // the working tree is clean again: the index is what counts
    let r = runCli(["check", "--staged", "--only", "aibrain", "--format", "json"], { cwd: repo });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["AB-003"]);
    git(repo, "commit", "-qm", "x");
    writeTree(repo, { "README.md": "# y\n" });
    git(repo, "add", "README.md");
    r = runCli(["check", "--staged", "--only", "aibrain", "--format", "json"], { cwd: repo });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0]).toMatchObject({ validator: "aibrain", verdict: "skip" });
  });
});
