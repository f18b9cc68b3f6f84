// A JSON log that needs nothing from git is judged in the core's first (extract) pass and keeps that
// result: it is parsed once, not twice (src/validators/session-json-facts.ts, pass1). A log that
// needs a commit, a diff or a QA report goes on to the last pass with those facts.
// Real CLI in a real git repository; a preload (NODE_OPTIONS=--require) records, for every call into
// the core, the JSON logs in its input arena, read from the module's memory as the core reads them.
import { describe, it, expect } from "vitest";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { runCli, makeRepo, git, tmpDir, writeTree } from "../helpers.js";
import { validLog, item, type Json } from "./util.js";

const PRELOAD = `
const Instance = WebAssembly.Instance;
const out = process.env.AGENTCHECK_TEST_CORE_CALLS;
WebAssembly.Instance = function (m, imp) {
  const inst = new Instance(m, imp);
  const ex = {};
  for (const [k, v] of Object.entries(inst.exports)) {
    ex[k] = typeof v === "function" && k.startsWith("validate_") ? (ptr, count) => {
      const mem = inst.exports.memory.buffer;
      const t = new Int32Array(mem, ptr, count * 6);
      const data = ptr + count * 24;
      const names = [];
      for (let i = 0; i < count; i++) {
        if (t[i * 6 + 2] !== ${KIND.SESSION_JSON}) continue;
        names.push(Buffer.from(new Uint8Array(mem, data + t[i * 6 + 4], t[i * 6 + 5])).toString("utf8"));
      }
      require("node:fs").appendFileSync(out, JSON.stringify([k, names]) + "\\n");
      return v(ptr, count);
    } : v;
  }
  return { exports: ex };
};
`;

/** Run session-log; the JSON logs of each core call, in call order, and the parsed report. */
function calls(dir: string, args: string[]): { calls: string[][]; report: { results: { file: string; findings: { ruleId: string; message: string }[] }[] } } {
  const t = tmpDir("agentcheck-calls-");
  const preload = join(t, "preload.cjs");
  writeFileSync(preload, PRELOAD);
  const log = join(t, "calls.jsonl");
  const r = runCli(["session-log", ...args, "--now", "2026-01-06T12:00:00Z", "-f", "json"], {
    cwd: dir,
    env: { NODE_OPTIONS: `--require ${preload}`, AGENTCHECK_TEST_CORE_CALLS: log },
  });
  if (r.code === 2) throw new Error(r.stderr);
  const lines = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter((l) => l.length > 0) : [];
  return { calls: lines.map((l) => JSON.parse(l)[1] as string[]).filter((n) => n.length > 0), report: JSON.parse(r.stdout) };
}

const PLAIN = ".agents/sessions/2026-01-05-session-1.json";
const SHA = ".agents/sessions/2026-01-05-session-2.json";
const RANGE = ".agents/sessions/2026-01-05-session-3.json";

/**
 * A log with nothing to look up in git: its QA evidence names no skip scope (validLog's
 * investigation-only skip has one, SP-132's range) and it has no endingCommit (SP-130 resolves it in full mode).
 */
function noRange(): Json {
  const l = validLog();
  l.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: tests-only");
  delete l.endingCommit;
  return l;
}

/** Three committed logs: one that needs nothing, one whose endingCommit SP-130 looks up, one with a skip range SP-132 diffs. */
function repo(): string {
  const dir = makeRepo({ "README.md": "# x\n" });
  const start = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { "docs/a.md": "x\n" });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "work");
  const end = git(dir, "rev-parse", "HEAD");
  const plain = noRange();
  const sha = noRange();
  sha.endingCommit = end;
  const range = validLog();
  range.session.startingCommit = start;
  range.endingCommit = end;
  range.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: docs-only");
  writeTree(dir, { [PLAIN]: JSON.stringify(plain, null, 2), [SHA]: JSON.stringify(sha, null, 2), [RANGE]: JSON.stringify(range, null, 2) });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "logs");
  return dir;
}

describe("JSON logs that need nothing from git are judged in the first pass (one parse)", () => {
  it("SP-120 record mode: only the log with a skip range (SP-132, every mode) reaches the last pass", () => {
    const o = calls(repo(), ["--mode", "record"]);
    expect(o.calls).toEqual([[PLAIN, SHA, RANGE], [RANGE]]);
    expect(o.report.results.map((r) => r.file).sort()).toEqual([PLAIN, SHA, RANGE]);
  });
  it("SP-130 / SP-132 full mode: the log that needs nothing is in the first call only; the others in the last pass", () => {
    const o = calls(repo(), ["--mode", "full"]);
    expect(o.calls[0]).toEqual([PLAIN, SHA, RANGE]);
    expect(o.calls.slice(1).flat().sort()).toEqual([SHA, RANGE]);
  });
  it("SP-102 / SP-104: a first-pass verdict is the verdict the last pass gives (--strict judges every log in the last pass)", () => {
    const dir = repo();
    const bad = noRange();
    delete bad.session.branch;
    bad.session.date = "yesterday";
    writeTree(dir, { [PLAIN]: JSON.stringify(bad, null, 2) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "bad");
    const first = calls(dir, ["--mode", "full"]);
    const last = calls(dir, ["--mode", "full", "--strict"]);
    expect(last.calls.slice(1).flat()).toContain(PLAIN); // strict: judged in the last pass
    expect(first.calls.slice(1).flat()).not.toContain(PLAIN);
    const of = (o: typeof first) => o.report.results.find((r) => r.file === PLAIN)!.findings;
    expect(of(first).length).toBeGreaterThan(0);
    expect(of(first)).toEqual(of(last));
  });
});

describe("validateSessionLogs lists its results in path order, whichever pass judged a log", () => {
  it("SP-130: logs judged in the first pass (1, 4) and in the last (2, 3) come back as 1, 2, 3, 4 (pre-pr lists them as returned)", async () => {
    const dir = repo();
    const fourth = ".agents/sessions/2026-01-05-session-4.json";
    writeTree(dir, { [fourth]: JSON.stringify(noRange(), null, 2) });
    const o = calls(dir, ["--mode", "full"]);
    expect(o.calls.slice(1).flat().sort()).toEqual([SHA, RANGE]);
    const { validateSessionLogs } = await import("../../dist/validators/session-log.js");
    const out = await validateSessionLogs({ cwd: dir, mode: "full", maxFileBytes: 1 << 20, now: "2026-01-06T12:00:00Z" });
    expect(out.results.map((r: { file: string }) => r.file)).toEqual([PLAIN, SHA, RANGE, fourth]);
  });
});

describe("extract pass (core only): rules run when the log needs nothing", () => {
  const enc = new TextEncoder();
  function run(l: Json): { rules: string[]; needs: string[] } {
    const docs = [
      { name: "phase", kind: KIND.FACT, bytes: enc.encode("extract") },
      { name: PLAIN, kind: KIND.SESSION_JSON, flags: 0, bytes: enc.encode(JSON.stringify(l)) },
    ] as any[];
    const r = runValidator("session-log", docs);
    return {
      rules: [...new Set(r.findings.map((f: { ruleId: string }) => f.ruleId))].sort() as string[],
      needs: r.data.filter((d: { key: string }) => d.key.startsWith("need.")).map((d: { key: string }) => d.key),
    };
  }
  it("SP-102: a log with no commit, range or report to look up => its findings come from the extract pass", () => {
    const l = noRange();
    l.session.date = "yesterday";
    const o = run(l);
    expect(o.needs).toEqual([]);
    expect(o.rules).toContain("SP-102");
  });
  it("SP-102 / SP-130: the same log with an endingCommit to resolve => need.sha, and no rule runs yet", () => {
    const l = noRange();
    l.session.date = "yesterday";
    l.endingCommit = "a".repeat(40);
    const o = run(l);
    expect(o.needs).toEqual(["need.sha"]);
    expect(o.rules).not.toContain("SP-102");
  });
});
