// issue 36 item 5: suppressions that work where users need them, through the real CLI on a copy of the
// example workspace: AC-011 (a directive between two checklist rows ends the table: a finding, never a
// silent pass), agentcheck-disable-line at the end of a row (the table stays whole), and the
// configuration's per-file `overrides` (JSON session logs too).
import { describe, expect, it } from "vitest";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tmpDir } from "../helpers.js";

const LOG = ".agents/sessions/2026-01-06-session-2.md";
const JSON_LOG = ".agents/sessions/2026-01-08-session-4.json";
const ROW = "| MUST | Complete session log (all sections filled) | [ ] | |";

function workspace(): string {
  const dir = join(tmpDir(), "ws");
  cpSync(join(ROOT, "examples", "workspace"), dir, { recursive: true });
  return dir;
}

type Doc = { results: { file: string; findings: { ruleId: string; severity: string; line: number }[] }[] };
const findingsOf = (doc: Doc, file: string) => doc.results.filter((r) => r.file === file).flatMap((r) => r.findings);

describe("inline directives in markdown tables (issue 36)", () => {
  it("AC-011: a next-line directive between two checklist rows is an error, not a silent pass", () => {
    const ws = workspace();
    const log = join(ws, LOG);
    writeFileSync(log, readFileSync(log, "utf8").replace(ROW, `<!-- agentcheck-disable-next-line SP-013 -->\n${ROW}`));
    const r = runCli(["check", ws, "--only", "session-log", "--format", "json"]);
    expect(r.code).toBe(1);
    const f = findingsOf(JSON.parse(r.stdout), LOG);
    expect(f).toContainEqual(expect.objectContaining({ ruleId: "AC-011", severity: "error" }));
  });

  it("agentcheck-disable-line at the end of a row suppresses that row only; the rows after it are still checked", () => {
    const ws = workspace();
    const log = join(ws, LOG);
    const text = readFileSync(log, "utf8");
    const line = text.split("\n").indexOf(ROW) + 1;
    writeFileSync(log, text.replace(ROW, `${ROW} <!-- agentcheck-disable-line SP-013 -->`));
    const r = runCli(["check", ws, "--only", "session-log", "--format", "json"]);
    const f = findingsOf(JSON.parse(r.stdout), LOG);
    expect(f.filter((x) => x.ruleId === "SP-013").map((x) => x.line)).not.toContain(line);
    expect(f.filter((x) => x.ruleId === "SP-013").map((x) => x.line)).toContain(line + 1);
    expect(f).toContainEqual(expect.objectContaining({ ruleId: "SP-014", line: line + 2 }));
    expect(f.some((x) => x.ruleId === "AC-011")).toBe(false);
  });
});

describe("configuration overrides: per-file rule severities (issue 36)", () => {
  it("a JSON session log's rule switched off and another re-graded, only for the files matched", () => {
    const ws = workspace();
    const before = findingsOf(JSON.parse(runCli(["check", ws, "--only", "session-log", "--format", "json"]).stdout), JSON_LOG);
    expect(before.map((x) => x.ruleId)).toEqual(expect.arrayContaining(["SP-108", "SP-112"]));
    writeFileSync(
      join(ws, "agentcheck.config.json"),
      JSON.stringify({ overrides: [{ files: ["/.agents/sessions/*-session-4.json"], rules: { "SP-108": "off", "SP-112": "warning" } }] }),
    );
    const r = runCli(["check", ws, "--only", "session-log", "--format", "json"]);
    const after = findingsOf(JSON.parse(r.stdout), JSON_LOG);
    expect(after.some((x) => x.ruleId === "SP-108")).toBe(false);
    expect(after.filter((x) => x.ruleId === "SP-112").map((x) => x.severity)).toEqual(["warning"]);
    // another log is untouched
    expect(findingsOf(JSON.parse(r.stdout), LOG).some((x) => x.ruleId === "SP-013")).toBe(true);
  });

  it("a bad override is one line and exit 2: unknown rule id, AC-9xx, missing files", () => {
    const ws = workspace();
    const cfg = join(ws, "agentcheck.config.json");
    writeFileSync(cfg, JSON.stringify({ overrides: [{ files: ["*.md"], rules: { "SP-1O8": "off" } }] }));
    let r = runCli(["check", ws]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/overrides\.0\.rules\.SP-1O8.*unknown rule id/);
    writeFileSync(cfg, JSON.stringify({ overrides: [{ files: ["*.md"], rules: { "AC-900": "off" } }] }));
    r = runCli(["check", ws]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cannot be re-graded");
    writeFileSync(cfg, JSON.stringify({ overrides: [{ rules: { "SP-013": "off" } }] }));
    r = runCli(["check", ws]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/overrides\.0\.files.*required/);
  });
});
