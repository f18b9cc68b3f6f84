// Issue 12 (rule model): the sessions directory is the fact sessions.dir (config paths.sessions), not
// a path fixed in the core. The repository-bound JSON rules that classify changed files (SP-132: the
// investigation-only allowlist, SP-050 audit artifacts) and bind a QA report to its log (SP-131:
// qaSessionLog inside the sessions directory; a log changed after qaCommit is not code) must give the
// same findings for a log under `logs/` with {"paths":{"sessions":"logs"}} as for one under
// .agents/sessions without a configuration. Real CLI, real git repositories.
import { describe, it, expect } from "vitest";
import { runCli, makeRepo, git, writeTree, commitAll } from "../helpers.js";
import { validLog, item, type Json } from "./util.js";

const NOW = ["--now", "2026-01-06T12:00:00Z"];
const NAME = "2026-01-05-session-42.json";
const QA = ".agents/qa/2026-01-05-qa.md";
const CONFIG = JSON.stringify({ paths: { sessions: "logs" } });

interface Finding { ruleId: string; severity: string; line: number; message: string }


/** Findings on the log, with the sessions directory written as <S>. */
function run(dir: string, sess: string): Finding[] {
  const r = runCli(["session-log", ...NOW, "-f", "json"], { cwd: dir });
  if (r.code === 2) throw new Error(r.stderr);
  const res = (JSON.parse(r.stdout).results as { file: string; findings: Finding[] }[]).find((x) => x.file === `${sess}/${NAME}`);
  expect(res, r.stdout).toBeDefined();
  return res!.findings.map((f) => ({ ruleId: f.ruleId, severity: f.severity, line: f.line, message: f.message.split(sess + "/").join("<S>/") }));
}

/** investigation-only skip; the range changed another log and an analysis note (both audit artifacts). */
function skipScope(sess: string, config: boolean): Finding[] {
  const dir = makeRepo({ "README.md": "# x\n", ...(config ? { "agentcheck.config.json": CONFIG } : {}) });
  const start = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { [`${sess}/2026-01-04-session-41.json`]: "{}\n", ".agents/analysis/a.md": "x\n" });
  const end = commitAll(dir);
  const l: Json = validLog();
  l.session.startingCommit = start;
  l.endingCommit = end;
  l.protocolCompliance.sessionEnd.qaValidation = item(true, "SKIPPED: investigation-only");
  writeTree(dir, { [`${sess}/${NAME}`]: JSON.stringify(l, null, 2) });
  return run(dir, sess);
}

/** A passing QA report bound to the log; after qaCommit only the report and the log changed. */
function qaBound(sess: string, config: boolean): Finding[] {
  const dir = makeRepo({ "README.md": "# x\n", ...(config ? { "agentcheck.config.json": CONFIG } : {}) });
  const start = git(dir, "rev-parse", "HEAD");
  writeTree(dir, { "src/a.ts": "export const a = 1;\n" });
  const qaCommit = commitAll(dir);
  const l: Json = validLog();
  l.session.startingCommit = start;
  l.endingCommit = qaCommit;
  l.protocolCompliance.sessionEnd.qaValidation = item(true, `See ${QA}`);
  writeTree(dir, {
    [QA]: `---\nqaVerdict: PASS\nqaSessionLog: ${sess}/${NAME}\nqaCommit: ${qaCommit}\n---\n# QA\n`,
    [`${sess}/${NAME}`]: JSON.stringify(l, null, 2),
  });
  commitAll(dir);
  return run(dir, sess);
}

describe("sessions.dir fact: paths.sessions moves the sessions directory of the JSON rules", () => {
  it("SP-132 / SP-050: a log under logs/ (paths.sessions) gives the findings of one under .agents/sessions", () => {
    const dflt = skipScope(".agents/sessions", false);
    expect(dflt.filter((f) => f.ruleId === "SP-132")).toEqual([]);
    expect(skipScope("logs", true)).toEqual(dflt);
  });
  it("SP-131: a QA report bound to a log under logs/ (paths.sessions) gives the findings of one under .agents/sessions", () => {
    const dflt = qaBound(".agents/sessions", false);
    expect(dflt.filter((f) => f.ruleId === "SP-131")).toEqual([]);
    expect(qaBound("logs", true)).toEqual(dflt);
  });
});
