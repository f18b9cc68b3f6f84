// Issue 11 (gate under hostile files, --no-exec, linear globs) and issue 18 ("A leak (security)",
// "`check FILE` misses SP-003 for a session log that is a symlink out of the repository").
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, ROOT, runCli, tmpDir } from "../helpers.js";
import { KILL_MS, runAsync, SECRET } from "./matrix.js";
import { globMatch } from "../../src/glob.js";

const GATE = join(ROOT, "bin", "agentcheck-gate.cjs");

function gateRepo(): string {
  const dir = makeRepo({ "README.md": "# r\n" });
  const r = runCli(["session", "create"], { cwd: dir });
  expect(r.code).toBe(0);
  expect(runCli(["session", "mode", "coding"], { cwd: dir }).code).toBe(0);
  // the start protocol recorded (issue 40: under the default preset the gate waits for it)
  expect(runCli(["session", "protocol-start", "--data", '{"note":"test session"}'], { cwd: dir }).code).toBe(0);
  return dir;
}

function stateNote(dir: string): string {
  const sessions = join(dir, ".agent-notes", "sessions");
  const f = readdirSync(sessions).find((n) => n.startsWith("session-") && n.endsWith(".md"));
  return join(sessions, f!);
}

describe("issue 11: the gate cannot be held open by its files (fail-closed within the deadline)", () => {
  const targets: [string, (dir: string) => string][] = [
    ["config", (dir) => join(dir, "agentcheck.config.json")],
    ["state note", stateNote],
    ["current-session pointer", (dir) => join(dir, ".agent-notes", "sessions", "current-session.md")],
  ];
  const worst: number[] = [];
  for (const [what, path] of targets) {
    for (const special of ["FIFO", "/dev/zero"]) {
      it(`${what} as ${special}: Write is denied, Read allowed, decision within the kill bound`, async () => {
        const dir = gateRepo();
        const base = JSON.stringify({ tool_name: "Write", cwd: dir, tool_input: { file_path: "x", content: "y" } });
        // sanity: in coding mode the gate allows a Write
        const ok = await runAsync([], { cwd: dir, input: base, bin: GATE });
        expect(ok.code).toBe(0);
        expect(ok.stdout).toBe("");
        const p = path(dir);
        rmSync(p, { force: true });
        if (special === "FIFO") execFileSync("mkfifo", [p]);
        else symlinkSync("/dev/zero", p);
        for (const [tool, denied] of [["Write", true], ["Edit", true], ["Bash", true], ["Read", false]] as const) {
          const r = await runAsync([], { cwd: dir, input: JSON.stringify({ tool_name: tool, cwd: dir }), bin: GATE });
          worst.push(r.ms);
          expect(r.code, `${tool} killed after ${KILL_MS} ms?`).toBe(0);
          if (denied) expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
          else expect(r.stdout).toBe("");
        }
        // the CLI entry point gives the same answer
        const cli = await runAsync(["session", "gate"], { cwd: dir, input: base });
        expect(cli.code).toBe(0);
        expect(JSON.parse(cli.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
        console.log(`gate ${what} as ${special}: worst decision ${Math.max(...worst)} ms`);
      }, 60_000);
    }
  }

  it("a hook parent that never closes stdin cannot hold the gate open: deny at the deadline", async () => {
    const dir = gateRepo();
    const { spawn } = await import("node:child_process");
    const t0 = Date.now();
    const child = spawn(process.execPath, [GATE], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stdin.write(`{"tool_name":"Write","cwd":${JSON.stringify(dir)}`); // never ended
    const killer = setTimeout(() => child.kill("SIGKILL"), KILL_MS);
    const code = await new Promise<number | null>((res) => child.on("close", (c) => res(c)));
    clearTimeout(killer);
    child.stdin.destroy();
    console.log(`gate with stdin held open: decision after ${Date.now() - t0} ms`);
    expect(code).toBe(0);
    expect(JSON.parse(out).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(out).toContain("state unavailable");
  }, 30_000);

  it("a 64 MB hook input arriving over more than the deadline is read completely and decided normally", async () => {
    const dir = gateRepo();
    const { spawn } = await import("node:child_process");
    const content = "x".repeat(64 * 1024 * 1024);
    const input = Buffer.from(JSON.stringify({ tool_name: "Write", cwd: dir, tool_input: { file_path: "big.txt", content } }));
    const child = spawn(process.execPath, [GATE], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stdin.on("error", () => undefined);
    // 16 KiB chunks as Claude Code writes them, with a short pause in the middle (the deadline waits while bytes arrive)
    const half = Math.floor(input.length / 2);
    for (let i = 0; i < half; i += 16384) if (!child.stdin.write(input.subarray(i, Math.min(half, i + 16384)))) await new Promise((r) => child.stdin.once("drain", r));
    await new Promise((r) => setTimeout(r, 300));
    for (let i = half; i < input.length; i += 16384) if (!child.stdin.write(input.subarray(i, Math.min(input.length, i + 16384)))) await new Promise((r) => child.stdin.once("drain", r));
    child.stdin.end();
    const code = await new Promise<number | null>((res) => child.on("close", (c) => res(c)));
    expect(code).toBe(0);
    expect(out).toBe(""); // coding mode: the Write is allowed
  }, 120_000);

  it("session commands and check end at once with exit 2 on a FIFO config", async () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    execFileSync("mkfifo", [join(dir, "agentcheck.config.json")]);
    for (const args of [["session", "create"], ["check", "."], ["pre-pr", "--all", "--only", "PP-003"]]) {
      const r = await runAsync(args, { cwd: dir });
      expect(r.code, args.join(" ")).not.toBe(-1);
      expect(r.code, `${args.join(" ")}: ${r.stdout}${r.stderr}`).not.toBe(0);
    }
  }, 60_000);
});

describe("issue 11: --no-exec / AGENTCHECK_NO_EXEC=1", () => {
  function repo() {
    const dir = makeRepo({
      "docs/guide.md": "# Guide\n\nText.\n",
      ".markdownlint-cli2.cjs": `require("fs").writeFileSync(require("path").join(__dirname, "lint-marker"), "ran");\nmodule.exports = { config: { default: true } };\n`,
      "agentcheck.config.json": JSON.stringify({ prePr: { testCommand: "echo ran > test-marker", checks: { "PP-002": { enabled: true } } } }),
    });
    return dir;
  }
  for (const [how, args, env] of [
    ["--no-exec", ["--no-exec"], {}],
    ["AGENTCHECK_NO_EXEC=1", [], { AGENTCHECK_NO_EXEC: "1" }],
  ] as const) {
    it(`${how}: the .markdownlint-cli2.cjs and the test command are reported, not run`, async () => {
      const dir = repo();
      const r = await runAsync(["pre-pr", "--all", "--only", "PP-002,PP-003", "--no-cache", "--verbose", ...args], { cwd: dir, env: { ...env } });
      expect(r.code).not.toBe(-1);
      expect(existsSync(join(dir, "lint-marker"))).toBe(false);
      expect(existsSync(join(dir, "test-marker"))).toBe(false);
      expect(r.stdout).toMatch(/PP-002[^\n]*not run: the configured test command is refused/);
      expect(r.stdout).toMatch(/\.markdownlint-cli2\.cjs is executable and was not run/);
      expect(r.stdout).toContain("RESULT: ");
      expect(r.stdout).not.toMatch(/Ready to create pull request/);
    }, 60_000);
  }

  it("without --no-exec both run (the markers prove the test can fail)", async () => {
    const dir = repo();
    const r = await runAsync(["pre-pr", "--all", "--only", "PP-002,PP-003", "--no-cache"], { cwd: dir });
    expect(r.code).not.toBe(-1);
    expect(existsSync(join(dir, "lint-marker"))).toBe(true);
    expect(existsSync(join(dir, "test-marker"))).toBe(true);
  }, 60_000);
});

describe("issue 18: A leak (security)", () => {
  function leakRepo(): { dir: string; outside: string } {
    const outside = tmpDir("agentcheck-outside-");
    writeFileSync(join(outside, "passwd"), `root:${SECRET}:0:0\n`);
    const dir = makeRepo({ "README.md": "# r\n", ".agents/planning/tasks-x.md": "# Tasks\n" });
    mkdirSync(join(dir, "docs"), { recursive: true });
    symlinkSync("/proc/self/environ", join(dir, "docs", "env.md"));
    symlinkSync(join(outside, "passwd"), join(dir, "docs", "passwd.md"));
    mkdirSync(join(dir, ".serena", "memories"), { recursive: true });
    symlinkSync(join(outside, "passwd"), join(dir, ".serena", "memories", "skills-secret-index.md"));
    symlinkSync(join(outside, "passwd"), join(dir, ".agents", "planning", "prd-x.md"));
    mkdirSync(join(dir, ".agents", "specs", "requirements"), { recursive: true });
    symlinkSync(join(outside, "passwd"), join(dir, ".agents", "specs", "requirements", "REQ-001-x.md"));
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "links");
    return { dir, outside };
  }
  const commands = [
    ["pre-pr", "--all", "--no-cache", "--verbose"],
    ["check", "."],
    ["consistency", "--all"],
    ["traceability"],
    ["memory-index"],
  ];
  for (const args of commands) {
    it(`${args[0]}: links out of the repository are reported and their targets never read or quoted`, async () => {
      const { dir, outside } = leakRepo();
      const r = await runAsync(args, { cwd: dir, env: { CI_TOKEN: SECRET } });
      const all = r.stdout + r.stderr;
      expect(r.code).not.toBe(-1);
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain(outside);
      expect(all).not.toContain("root:");
      expect(r.code, all).not.toBe(0);
      expect(all).toMatch(/outside the repository|MI-108/);
    }, 60_000);
  }
});

describe("issue 18: `check FILE` misses SP-003 for a session log that is a symlink out of the repository", () => {
  it("check FILE (the pre-commit framework path) and session-log both report SP-003, without reading the target", async () => {
    const outside = tmpDir("agentcheck-outside-");
    writeFileSync(join(outside, "2026-01-01-session-1.md"), `# ${SECRET}\n`);
    const dir = makeRepo({ "README.md": "# r\n" });
    mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
    const rel = ".agents/sessions/2026-01-01-session-1.md";
    symlinkSync(join(outside, "2026-01-01-session-1.md"), join(dir, rel));
    for (const args of [["check", rel], ["check", "--format", "json", rel], ["session-log", rel], ["session-log"]]) {
      const r = await runAsync(args, { cwd: dir });
      const all = r.stdout + r.stderr;
      expect(r.code, `${args.join(" ")}: ${all}`).toBe(1);
      expect(all, args.join(" ")).toContain("SP-003");
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain(outside);
    }
  }, 60_000);
});

describe("issue 11: glob matching in linear time", () => {
  it("a glob with nested quantifiers against a long path ends (old regex: exponential)", () => {
    const p = `${"{a,*}".repeat(25)}${"*".repeat(25)}{**/a,b}/**/c`;
    expect(globMatch(p, `${"a".repeat(3000)}/x`)).toBe(false);
    expect(globMatch(`**/*${"*/".repeat(40)}x`, "a/".repeat(1000))).toBe(false);
    expect(globMatch("docs/**/*.{md,markdown}", "docs/a/b/c.md")).toBe(true);
  }, 5000);
  it("invalid globs are configuration errors (UsageError), not regex failures", () => {
    expect(() => globMatch("[z-a]", "x")).toThrow(/invalid glob pattern/);
    expect(() => globMatch("{a", "x")).toThrow(/invalid glob pattern/);
  });
});
