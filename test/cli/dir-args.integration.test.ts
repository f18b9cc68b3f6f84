// `check DIR` on a folder of the enclosing repository (`check .agents/sessions`, `check .` in a
// subfolder, a folder among file arguments) checks the files below it. Before, such a folder was taken
// for a workspace of its own, every validator skipped ("no .agents/sessions directory") and the run
// passed with exit 0 on a folder full of failing session logs (seen on rjmurillo/ai-agents).
import { describe, expect, it } from "vitest";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, runCli, tmpDir, writeTree } from "../helpers.js";

const BAD_LOG = "# Session 1\n\nNothing else.\n";

function repo(): string {
  const dir = tmpDir("agentcheck-dirargs-");
  git(dir, "init", "-q", "-b", "main");
  writeTree(dir, {
    "README.md": "# Readme\n",
    ".agents/sessions/2026-01-01-session-1.md": BAD_LOG,
    "nested/ws/.agents/sessions/2026-01-02-session-2.md": BAD_LOG,
  });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "init");
  return dir;
}

describe("check with a directory of the enclosing repository", () => {
  it("check .agents/sessions from the top validates the logs below it (exit 1, not a pass with nothing checked)", () => {
    const dir = repo();
    const r = runCli(["check", ".agents/sessions", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const rep = JSON.parse(r.stdout);
    const logs = rep.results.filter((x: { validator: string }) => x.validator === "session-log");
    expect(logs.map((x: { file: string }) => x.file)).toEqual([".agents/sessions/2026-01-01-session-1.md"]);
    expect(logs[0].verdict).toBe("fail");
  });

  it("check . run in the sessions folder gives the same verdict as check FILE on the log", () => {
    const dir = repo();
    const fromSub = runCli(["check", ".", "--format", "json"], { cwd: join(dir, ".agents", "sessions") });
    const file = runCli(["check", ".agents/sessions/2026-01-01-session-1.md", "--format", "json"], { cwd: dir });
    expect(fromSub.code).toBe(1);
    expect(file.code).toBe(1);
    const errs = (s: string) => JSON.parse(s).summary.errors;
    expect(errs(fromSub.stdout)).toBe(errs(file.stdout));
    expect(errs(fromSub.stdout)).toBeGreaterThan(0);
  });

  it("a directory among file arguments stands for the files below it", () => {
    const dir = repo();
    const r = runCli(["check", ".agents/sessions", "README.md", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.files).toBeGreaterThan(0);
  });

  it("an untracked log below the folder is checked; a tracked file deleted from the working tree is not read", () => {
    const dir = repo();
    writeTree(dir, { ".agents/sessions/2026-01-04-session-4.md": BAD_LOG });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "log 4");
    rmSync(join(dir, ".agents/sessions/2026-01-04-session-4.md"));
    writeTree(dir, { ".agents/sessions/2026-01-03-session-3.md": BAD_LOG });
    const r = runCli(["check", ".agents/sessions", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout).results.filter((x: { validator: string }) => x.validator === "session-log").map((x: { file: string }) => x.file);
    expect(files).toEqual([".agents/sessions/2026-01-01-session-1.md", ".agents/sessions/2026-01-03-session-3.md"]);
  });

  it("a folder that is a workspace of its own (artifact folders inside) stays the workspace", () => {
    const dir = repo();
    const r = runCli(["check", "nested/ws", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout).results.filter((x: { validator: string }) => x.validator === "session-log").map((x: { file: string }) => x.file);
    expect(files).toEqual([".agents/sessions/2026-01-02-session-2.md"]);
  });

  it("a folder with nothing to check still says so and exits 0", () => {
    const dir = repo();
    writeTree(dir, { "empty/.gitkeep": "" });
    const r = runCli(["check", "empty"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 files checked \(nothing to check\)/);
  });
});

describe("SP-120 a committed, unedited markdown log gets one answer from check, check DIR and check FILE", () => {
  it("the log's open Session End rows (SP-013) are reported by all three: named or in a named folder it is validated in full, not as a record", async () => {
    const { freshMdLog } = await import("../session-md/lib.js");
    const dir = tmpDir("agentcheck-dirargs-full-");
    git(dir, "init", "-q", "-b", "main");
    const log = ".agents/sessions/2026-01-05-session-5.md";
    writeTree(dir, { "README.md": "# Readme\n", [log]: freshMdLog() });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "init");
    const findings = (args: string[]) => {
      const r = runCli(["check", ...args, "--only", "session-log", "--format", "json"], { cwd: dir });
      const res = JSON.parse(r.stdout).results.find((x: { file: string }) => x.file === log);
      return { code: r.code, mode: res?.data?.mode, rules: (res?.findings ?? []).map((f: { ruleId: string }) => f.ruleId).sort() };
    };
    const whole = findings([]);
    expect(whole.code).toBe(1);
    expect(whole.rules).toContain("SP-013");
    const folder = findings([".agents/sessions"]);
    const file = findings([log]);
    expect(folder).toEqual({ ...whole, mode: "full" });
    expect(file).toEqual({ ...whole, mode: "full" });
  });
});

describe("check DIR answers as check does (review)", () => {
  it("SP-120 an untracked log in the named folder is validated in full, as the whole-tree run validates it (not in creation mode)", async () => {
    const { freshMdLog } = await import("../session-md/lib.js");
    const dir = repo();
    const log = ".agents/sessions/2026-01-06-session-6.md";
    writeTree(dir, { [log]: freshMdLog() });
    const rules = (args: string[], cwd = dir) => {
      const r = runCli(["check", ...args, "--only", "session-log", "--format", "json"], { cwd });
      const res = JSON.parse(r.stdout).results.find((x: { file: string }) => x.file === log);
      return (res?.findings ?? []).map((f: { ruleId: string }) => f.ruleId).sort();
    };
    const whole = rules([]);
    expect(whole).toContain("SP-013");
    expect(rules([".agents/sessions"])).toEqual(whole);
    expect(rules(["."], join(dir, ".agents", "sessions"))).toEqual(whole);
    // session-log with a folder answers as session-log without one
    const sl = (args: string[]) => {
      const r = runCli(["session-log", ...args, "--format", "json"], { cwd: dir });
      const res = JSON.parse(r.stdout).results.find((x: { file: string }) => x.file === log);
      return (res?.findings ?? []).map((f: { ruleId: string }) => f.ruleId).sort();
    };
    expect(sl([".agents/sessions"])).toEqual(sl([]));
    expect(sl([])).toContain("SP-013");
    // named on its own, an untracked log is one being written: creation mode (documented)
    expect(rules([log])).not.toContain("SP-013");
    expect(sl([log])).not.toContain("SP-013");
  });

  it("AC-901 a log whose name is not UTF-8 is reported by check DIR as by check, never dropped", () => {
    const dir = repo();
    const name = Buffer.concat([Buffer.from(join(dir, ".agents/sessions/2026-01-09-session-5")), Buffer.from([0xff]), Buffer.from(".md")]);
    writeFileSync(name, BAD_LOG);
    for (const args of [[], [".agents/sessions"]]) {
      const r = runCli(["check", ...args, "--only", "session-log", "--format", "json"], { cwd: dir });
      expect(r.code).toBe(1);
      const ids = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; message: string }[] }) => x.findings).filter((f: { ruleId: string }) => f.ruleId === "AC-901");
      expect(ids.length, `check ${args.join(" ")}: ${r.stdout.slice(0, 400)}`).toBe(1);
      expect(ids[0].message).toMatch(/UTF-8/);
    }
  });

  it("a monorepo package folder (package.json without an \"agentcheck\" key) is a folder of the repository, not a workspace that checks nothing", () => {
    const dir = tmpDir("agentcheck-dirargs-pkg-");
    git(dir, "init", "-q", "-b", "main");
    writeTree(dir, {
      "agentcheck.config.json": JSON.stringify({ paths: { sessions: "packages/app/logs" } }),
      "packages/app/package.json": JSON.stringify({ name: "app" }),
      "packages/app/logs/2026-01-01-session-1.md": BAD_LOG,
    });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "init");
    const errors = (args: string[], cwd = dir) => {
      const r = runCli(["check", ...args, "--format", "json"], { cwd });
      return { code: r.code, errors: JSON.parse(r.stdout).summary.errors };
    };
    const whole = errors([]);
    expect(whole.code).toBe(1);
    expect(whole.errors).toBeGreaterThan(0);
    expect(errors(["packages/app"])).toEqual(whole);
    expect(errors(["."], join(dir, "packages", "app"))).toEqual(whole);
    // with an "agentcheck" key the package is a workspace of its own (its own configuration)
    writeTree(dir, { "packages/app/package.json": JSON.stringify({ name: "app", agentcheck: {} }) });
    expect(errors(["packages/app"]).errors).toBe(0);
  });
});
