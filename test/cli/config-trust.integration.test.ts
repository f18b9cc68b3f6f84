// Issue 14 "A configuration you can trust" and issue 18 "Configuration parity and output bounds": one
// configuration reader for every entry point (check, pre-pr, the session commands, the gate's lean reader),
// each kind of mistake one clear line with exit 2 and nothing written; the same answer everywhere.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, makeRepo, runCli } from "../helpers.js";

const GATE = join(BIN, "..", "agentcheck-gate.cjs");

function gate(dir: string, tool = "Edit") {
  const r = spawnSync(process.execPath, [GATE], { cwd: dir, input: JSON.stringify({ hook_event_name: "PreToolUse", cwd: dir, tool_name: tool, tool_input: {} }), encoding: "utf8" });
  return r.stdout.trim() === "" ? { allow: true, reason: "" } : { allow: false, reason: JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason as string };
}

/** A repository in coding mode (so that the gate allows Edit unless the configuration is broken). */
function codingRepo(files: Record<string, string> = {}) {
  const dir = makeRepo({ "README.md": "# P\n", ".gitignore": ".agent-notes/\n", ...files });
  expect(runCli(["session", "create"], { cwd: dir }).code).toBe(0);
  expect(runCli(["session", "mode", "coding"], { cwd: dir }).code).toBe(0);
  // the start protocol recorded (issue 40: under the default preset the gate waits for it)
  expect(runCli(["session", "protocol-start", "--data", '{"note":"test session"}'], { cwd: dir }).code).toBe(0);
  return dir;
}

/** Every entry point's answer for this repository: check, pre-pr --list, a session command, the gate. */
function answers(dir: string) {
  return {
    check: runCli(["check", "--only", "session-log"], { cwd: dir }).code,
    prePr: runCli(["pre-pr", "--list"], { cwd: dir }).code,
    session: runCli(["session", "get-state"], { cwd: dir }).code,
    gateAllowsEdit: gate(dir).allow,
  };
}

const MISTAKES: [string, string, RegExp][] = [
  ["syntax error with line:column", '{\n  "paths": {\n    "sessions": ".agents/sessions"\n  \n', /agentcheck\.config\.jsonc:\d+:\d+: /],
  ["trailing garbage", '{ "paths": {} } x', /agentcheck\.config\.jsonc:1:17: /],
  ["unknown key with did-you-mean", '{ "validator": {} }', /validator: unknown key \(did you mean validators\?\)/],
  ["unknown nested key", '{ "validators": { "sessionLog": { "enabeld": true } } }', /validators\.sessionLog\.enabeld: unknown key \(did you mean enabled\?\)/],
  ["unknown rule id with did-you-mean", '{ "validators": { "sessionLog": { "severity": { "SP-O13": "off" } } } }', /SP-O13: unknown rule id \(did you mean SP-013\?\)/],
  ["rule of another validator", '{ "validators": { "sessionLog": { "severity": { "MI-006": "off" } } } }', /belongs to the memory-index validator/],
  ["unknown check id", '{ "prePr": { "checks": { "PP-999": { "enabled": true } } } }', /PP-999: unknown check id/],
  ["wrong type", '{ "gate": { "enabled": "yes" } }', /gate\.enabled: /],
  ["bad enum value", '{ "hooks": { "stop": "sometimes" } }', /hooks\.stop: /],
  ["issue-18 __proto__ key refused", '{ "prePr": { "checks": { "__proto__": { "enabled": false } } } }', /the key "__proto__" is not allowed/],
  ["issue-18 invalid glob [z-a] in ignores", '{ "ignores": ["[z-a]"] }', /invalid glob pattern '\[z-a\]'/],
  ["issue-18 invalid glob {a in pathNormalization.excludes", '{ "prePr": { "pathNormalization": { "excludes": ["{a"] } } }', /invalid glob pattern '\{a'/],
];

describe("issue-14 configuration mistakes: one clear line, exit 2, nothing written", () => {
  for (const [name, text, re] of MISTAKES) {
    it(`issue-14 config mistake: ${name}`, () => {
      const dir = makeRepo({ "README.md": "# P\n", "agentcheck.config.jsonc": text });
      const before = readdirSync(dir).sort();
      const r = runCli(["check", "-o", "report.txt"], { cwd: dir });
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split("\n");
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(re);
      expect(r.stdout).toBe("");
      expect(readdirSync(dir).sort()).toEqual(before);
      // pre-pr gives the same answer
      const p = runCli(["pre-pr", "--list"], { cwd: dir });
      expect(p.code).toBe(2);
      expect(p.stderr).toMatch(re);
    });
  }

  it("issue-14 a JSONC string containing ',]' and '//' is read as written (no comment stripper damage)", () => {
    const dir = codingRepo({ "agentcheck.config.jsonc": '{ // c\n "gate": { "readOnlyTools": ["echo a,]", "http://x/*y*/",], }, /* d */ }\n' });
    expect(runCli(["check", "--only", "session-log"], { cwd: dir }).code).toBe(0);
    expect(gate(dir, "echo a,]").allow).toBe(true);
    expect(gate(dir, "http://x/*y*/").allow).toBe(true);
  });

  it("issue-14 discovery upward from the working directory to the repository root", () => {
    const dir = makeRepo({ "README.md": "# P\n", "sub/deep/x.md": "x\n", "sub/agentcheck.config.json": '{ "bogus": 1 }' });
    expect(runCli(["check"], { cwd: join(dir, "sub", "deep") }).code).toBe(2); // finds sub/agentcheck.config.json
    expect(runCli(["check"], { cwd: dir }).code).toBe(0); // the root has none
  });

  it("issue-14 option values are validated before any work: --max-warnings abc, -o /missing/dir/x, --format", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/2026-01-05-session-1.md": "" });
    for (const [args, re] of [
      [["--max-warnings", "abc"], /^agentcheck: --max-warnings takes a whole number >= 0, got 'abc'$/],
      [["-o", "/missing/dir/x"], /^agentcheck: cannot write \/missing\/dir\/x: the folder \/missing\/dir does not exist$/],
      [["--format", "jsn"], /^agentcheck: --format: unknown format 'jsn' \(did you mean json\?\) \(one of: text, json, markdown, github, sarif, junit\)$/],
    ] as [string[], RegExp][]) {
      const r = runCli(["check", ...args], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe(""); // nothing ran
      expect(r.stderr.trim()).toMatch(re);
    }
  });

  it("issue-14 --max-warnings exceeded says why", () => {
    const dir = makeRepo({
      "README.md": "# P\n",
      ".serena/memories/memory-index.md": "# Memory index\n\n| Keywords | File |\n|---|---|\n| a | [skills-x-index](skills-x-index.md) |\n",
      ".serena/memories/skills-x-index.md": "| Keywords | File |\n|---|---|\n| alpha beta | [x-note](x-note.md) |\n",
      ".serena/memories/x-note.md": "# N\n",
      ".serena/memories/x-lonely.md": "# lonely\n",
    });
    expect(runCli(["check", "--only", "memory-index"], { cwd: dir }).code).toBe(0);
    const r = runCli(["check", "--only", "memory-index", "--max-warnings", "0"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\d+ warnings?, more than --max-warnings 0: exit 1/);
  });

  it("issue-14 an unknown command is one line with the suggestion", () => {
    const r = runCli(["chek"]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("agentcheck: unknown command 'chek' (did you mean check?); agentcheck --help for more");
  });

  it("issue-14 colours honour NO_COLOR, FORCE_COLOR=0|1 and non-TTYs", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/2026-01-05-session-1.md": "" });
    const esc = (env: Record<string, string | undefined>) => runCli(["check"], { cwd: dir, env: { NO_COLOR: undefined, ...env } }).stdout.includes("\u001b[");
    expect(esc({})).toBe(false); // not a TTY
    expect(esc({ FORCE_COLOR: "1" })).toBe(true);
    expect(esc({ FORCE_COLOR: "0" })).toBe(false);
    expect(esc({ NO_COLOR: "1" })).toBe(false);
    // pre-pr paints through the same decision (picocolors): FORCE_COLOR wins over a non-TTY, NO_COLOR turns it off
    const pp = (env: Record<string, string | undefined>) =>
      runCli(["pre-pr", "--all", "--skip-tests", "--no-exec"], { cwd: dir, env: { NO_COLOR: undefined, CI: undefined, ...env } }).stdout.includes("\u001b[");
    expect(pp({ FORCE_COLOR: "1" })).toBe(true);
    expect(pp({ FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(true);
    expect(pp({ NO_COLOR: "1" })).toBe(false);
    expect(pp({ FORCE_COLOR: "0" })).toBe(false);
    expect(pp({})).toBe(false);
  });
});

describe("issue-18 configuration parity: every entry point gives the same answer", () => {
  it("issue-18 a UTF-8 BOM in agentcheck.config.jsonc is accepted by check, pre-pr, the session commands and the gate", () => {
    const dir = codingRepo();
    writeFileSync(join(dir, "agentcheck.config.jsonc"), '\uFEFF{ // BOM first\n "gate": { "enabled": true } }\n');
    expect(answers(dir)).toEqual({ check: 0, prePr: 0, session: 0, gateAllowsEdit: true });
  });

  it("issue-18 a malformed package.json gives the same answer at every entry point (it holds no configuration)", () => {
    const dir = codingRepo();
    writeFileSync(join(dir, "package.json"), '{ "name": "x", "agentcheck": { ');
    expect(answers(dir)).toEqual({ check: 0, prePr: 0, session: 0, gateAllowsEdit: true });
  });

  it("issue-18 a configuration symlink loop gives the same answer at every entry point (configuration error)", () => {
    const dir = codingRepo();
    symlinkSync("loop-b", join(dir, "agentcheck.config.jsonc"));
    symlinkSync("agentcheck.config.jsonc", join(dir, "loop-b"));
    const a = answers(dir);
    expect(a).toEqual({ check: 2, prePr: 2, session: 2, gateAllowsEdit: false });
    expect(runCli(["check"], { cwd: dir }).stderr).toContain("symbolic link loop");
    const g = gate(dir);
    expect(g.reason).toContain("configuration is invalid");
    expect(g.reason).not.toContain("session create --force");
    expect(gate(dir, "Read").allow).toBe(true);
  });

  it("issue-18 invalid globs ([z-a], {a) in the markdownlint configuration are configuration errors (exit 2), not check FAILs", () => {
    for (const glob of ["[z-a]", "{a"]) {
      const dir = makeRepo({ "README.md": "# P\n", ".markdownlint-cli2.jsonc": JSON.stringify({ ignores: [glob] }) });
      const r = runCli(["pre-pr", "--all"], { cwd: dir });
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain(`invalid glob pattern '${glob}'`);
      expect(r.stdout).not.toContain("FAIL");
    }
  });

  it("issue-18 a __proto__ key inside prePr.checks is refused at every entry point", () => {
    const dir = codingRepo();
    writeFileSync(join(dir, "agentcheck.config.json"), '{ "prePr": { "checks": { "__proto__": { "enabled": false } } } }');
    expect(answers(dir)).toEqual({ check: 2, prePr: 2, session: 2, gateAllowsEdit: false });
  });

  it("issue-18 markdownlint extends outside the repository is refused (never read)", () => {
    for (const [file, text] of [
      [".markdownlint.json", '{ "extends": "/etc/passwd" }'],
      [".markdownlint.yaml", "extends: ../../../../etc/passwd\n"],
      [".markdownlint-cli2.jsonc", '{ "config": { "extends": "/etc/passwd" } }'],
    ]) {
      const dir = makeRepo({ "README.md": "# P\n", [file]: text });
      const r = runCli(["pre-pr", "--all"], { cwd: dir });
      expect(r.code, `${file}: ${r.stdout}`).toBe(2);
      expect(r.stderr).toContain("points outside the repository");
      expect(r.stdout + r.stderr).not.toContain("root:");
    }
    // inside the repository is fine
    const ok = makeRepo({ "README.md": "# P\n", "cfg/base.json": '{ "default": true }', ".markdownlint.json": '{ "extends": "cfg/base.json" }' });
    expect(runCli(["pre-pr", "--all", "--only", "PP-003"], { cwd: ok }).code).not.toBe(2);
  });

  it("issue-18 nothing is written when the configuration is broken (no notes, no report)", () => {
    const dir = makeRepo({ "README.md": "# P\n", "agentcheck.config.json": "{ broken" });
    expect(runCli(["session", "create"], { cwd: dir }).code).toBe(2);
    expect(existsSync(join(dir, ".agent-notes"))).toBe(false);
    mkdirSync(join(dir, "out"));
    expect(runCli(["check", "-o", "out/r.json"], { cwd: dir }).code).toBe(2);
    expect(existsSync(join(dir, "out", "r.json"))).toBe(false);
  });
});
