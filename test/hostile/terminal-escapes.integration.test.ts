// Text output on repositories with hostile text: control characters in quoted evidence and in file
// names reach the terminal as visible Control Pictures (never as escape sequences that colour, move
// the cursor, erase or retitle lines); JSON keeps the text exactly (escaped by JSON).
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tmpDir } from "../helpers.js";
import { validLog, item } from "../session-json/util.js";
import { terminalSafe } from "../../dist/format/text.js";
import { formatRow, painter } from "../../dist/prepr/format.js";

const ERASE = "\u001b[2K\r"; // erase the line, carriage return: would hide what came before
const TITLE = "\u001b]0;owned\u0007"; // OSC: set the terminal title
const evidence = `skipped ${ERASE}all good ${TITLE}\u009b31m\u007f`;

function repo(name: string): string {
  const dir = tmpDir("agentcheck-esc-");
  mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
  const log = validLog();
  log.protocolCompliance.sessionStart.serenaActivated = item(true, evidence);
  writeFileSync(join(dir, ".agents", "sessions", name), JSON.stringify(log, null, 2));
  return dir;
}

describe("terminal escapes in hostile text (SP-111 evidence, file names)", () => {
  it("terminalSafe shows every control character as a picture and leaves other text alone", () => {
    expect(terminalSafe("plain é 😀\ttab")).toBe("plain é 😀\ttab");
    expect(terminalSafe("a\u001b[31mb\u0007\u0000\n\r")).toBe("a\u241b[31mb\u2407\u2400\u240a\u240d");
    expect(terminalSafe("\u007f\u0080\u009f")).toBe("\u2421\ufffd\ufffd");
  });

  it("SP-111 text output carries no control character from the log; JSON keeps the evidence exactly", () => {
    const name = "2026-01-05-session-42\u001b[8m.json"; // a file name with an escape sequence (hidden text)
    const dir = repo(name);
    const text = runCli(["session-log", join(".agents", "sessions", name), "--no-color"], { cwd: dir });
    expect(text.stdout).toContain("SP-111");
    expect(text.stdout).toContain("skipped \u241b[2K\u240dall good \u241b]0;owned\u2407\ufffd31m\u2421");
    expect(text.stdout).toContain("session-42\u241b[8m.json");
    expect(text.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const json = runCli(["session-log", join(".agents", "sessions", name), "--format", "json"], { cwd: dir });
    const report = JSON.parse(json.stdout);
    const f = report.results.flatMap((r: { findings: { ruleId: string; message: string }[] }) => r.findings).find((x: { ruleId: string }) => x.ruleId === "SP-111");
    expect(f.message).toContain(evidence);
  });

  it("pre-pr rows: file names, messages and tool output lines are shown safely", () => {
    const row = {
      id: "PP-003", name: "Markdown Linting", status: "FAIL", durationMs: 0, message: `1 finding${ERASE}`,
      findings: [{ ruleId: "MD013", severity: "error", file: `a${ERASE}.md`, line: 1, column: 1, message: `long${TITLE}` }],
      details: [`tool said ${ERASE}`],
    };
    const out = formatRow(row as never, painter(false), false);
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(out).toContain("a\u241b[2K\u240d.md");
    expect(out).toContain("| tool said \u241b[2K\u240d");
  });
});
