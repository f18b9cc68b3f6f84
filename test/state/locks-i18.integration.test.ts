// Issue 18 "locks that never recover": a lock that is not a well-formed lock of a live holder is
// stale by definition once old enough, a malformed or non-file lock is reported with its path and
// the fix (never INTERNAL, never "retry" forever, never blocking past the lock timeout), `session gc`
// removes every stale lock, and `session create` writes the note and moves the pointer as one step.
// Every case runs the real CLI as a child process.
import { describe, it, expect } from "vitest";
import { spawnSync, execFileSync } from "node:child_process";
import { chmodSync, existsSync, lutimesSync, mkdirSync, symlinkSync, utimesSync, writeFileSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { BIN, makeRepo, tmpDir } from "../helpers.js";

const HOUR_AGO = new Date(Date.now() - 3600_000);

function cli(repo: string, args: string[], env: Record<string, string> = {}) {
  const e: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", AGENTCHECK_LOCK_TIMEOUT_MS: "400", ...env };
  delete e.AGENTCHECK_NOTES_DIR;
  const r = spawnSync(process.execPath, [BIN, "session", ...args], { cwd: repo, encoding: "utf8", env: e as NodeJS.ProcessEnv, timeout: 15_000 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, json: r.stdout ? JSON.parse(r.stdout) : undefined };
}

function repoWithSession(): { repo: string; sessions: string; lock: string } {
  const repo = makeRepo();
  expect(cli(repo, ["create", "--id", "s1"]).code).toBe(0);
  const sessions = join(repo, ".agent-notes", "sessions");
  return { repo, sessions, lock: join(sessions, "session-s1.md.lock") };
}

type Kind = "null" | "directory" | "dangling symlink" | "symlink to dir" | "unreadable file" | "FIFO";
const KINDS: Kind[] = ["null", "directory", "dangling symlink", "symlink to dir", "unreadable file", "FIFO"];

function makeLock(path: string, kind: Kind, old: boolean): void {
  switch (kind) {
    case "null": writeFileSync(path, "null"); break;
    case "directory": mkdirSync(path); break;
    case "dangling symlink": symlinkSync(join(tmpDir(), "nowhere"), path); break;
    case "symlink to dir": symlinkSync(tmpDir(), path); break;
    // mode 000 (root reads it anyway: then its content, not a lock record, makes it malformed)
    case "unreadable file": writeFileSync(path, "{{ not a lock"); chmodSync(path, 0); break;
    case "FIFO": execFileSync("mkfifo", [path]); break;
  }
  if (old) {
    if (kind.includes("symlink")) lutimesSync(path, HOUR_AGO, HOUR_AGO);
    else utimesSync(path, HOUR_AGO, HOUR_AGO);
  }
}
const present = (p: string) => { try { lstatSync(p); return true; } catch { return false; } };

describe("issue 18: locks that never recover", () => {
  for (const kind of KINDS) {
    it(`locks: an old lock that is a ${kind} is stale: the write succeeds and the lock is gone`, () => {
      const { repo, lock } = repoWithSession();
      makeLock(lock, kind, true);
      const r = cli(repo, ["set-state", '{"feature":"x"}']);
      expect(r.signal).toBeNull();
      expect(r.code, r.stderr).toBe(0);
      expect(r.json.activeFeature ?? r.json.feature ?? "x").toBeTruthy();
      expect(present(lock)).toBe(false);
    });
    it(`locks: a fresh lock that is a ${kind}: exit 8 within the timeout, never INTERNAL, the path and the fix named`, () => {
      const { repo, lock } = repoWithSession();
      makeLock(lock, kind, false);
      const r = cli(repo, ["set-state", '{"feature":"x"}']);
      expect(r.signal, "blocked past the lock timeout").toBeNull();
      expect(r.code, r.stderr).toBe(8);
      expect(r.json.error.code).toBe("LOCK_TIMEOUT");
      expect(r.stderr).not.toMatch(/INTERNAL|reading '/);
      expect(r.json.error.message).toContain(lock);
      expect(r.json.error.message).not.toMatch(/retry/);
      expect(r.json.error.message).toMatch(/rm -rf|session gc/);
    });
  }
  it("locks: `session gc` removes every stale lock (null, directory, dangling symlink, symlink to dir, unreadable, FIFO) and keeps a live one", () => {
    const { repo, sessions } = repoWithSession();
    const paths = KINDS.map((k, i) => join(sessions, `session-k${i}.md.lock`));
    KINDS.forEach((k, i) => makeLock(paths[i], k, true));
    const linkTarget = tmpDir();
    writeFileSync(join(linkTarget, "keep.txt"), "x");
    symlinkSync(linkTarget, join(sessions, "session-t.md.lock"));
    lutimesSync(join(sessions, "session-t.md.lock"), HOUR_AGO, HOUR_AGO);
    const live = join(sessions, "session-live.md.lock");
    writeFileSync(live, JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString(), token: "live" }));
    const r = cli(repo, ["gc"]);
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(0);
    for (const p of paths) expect(present(p), p).toBe(false);
    expect(present(join(sessions, "session-t.md.lock"))).toBe(false);
    expect(existsSync(join(linkTarget, "keep.txt")), "a symlinked directory's target is never deleted").toBe(true);
    expect(present(live)).toBe(true);
  });
  it("locks: `session create` with a fresh directory pointer lock writes nothing (exit 8), and the retry succeeds", () => {
    const repo = makeRepo();
    const sessions = join(repo, ".agent-notes", "sessions");
    mkdirSync(join(sessions, "current-session.md.lock"), { recursive: true });
    const r = cli(repo, ["create", "--id", "s2"]);
    expect(r.code, r.stderr).toBe(8);
    expect(existsSync(join(sessions, "session-s2.md")), "exit 8 means nothing was written").toBe(false);
    utimesSync(join(sessions, "current-session.md.lock"), HOUR_AGO, HOUR_AGO);
    const again = cli(repo, ["create", "--id", "s2"]);
    expect(again.code, again.stderr).toBe(0);
    expect(cli(repo, ["get-state"]).json.sessionId).toBe("s2");
  });
  it("locks: `session create` with a stale directory pointer lock writes the note and moves the pointer", () => {
    const repo = makeRepo();
    const sessions = join(repo, ".agent-notes", "sessions");
    mkdirSync(join(sessions, "current-session.md.lock"), { recursive: true });
    utimesSync(join(sessions, "current-session.md.lock"), HOUR_AGO, HOUR_AGO);
    const r = cli(repo, ["create", "--id", "s3"]);
    expect(r.code, r.stderr).toBe(0);
    expect(cli(repo, ["get-state"]).json.sessionId).toBe("s3");
  });
  it("locks: `session create` whose pointer cannot be written removes the new note again: exit 8 means nothing was written", () => {
    const repo = makeRepo();
    const sessions = join(repo, ".agent-notes", "sessions");
    mkdirSync(join(sessions, "current-session.md", "sub"), { recursive: true }); // the pointer path is a non-empty directory
    const r = cli(repo, ["create", "--id", "s4"]);
    expect(r.code, r.stderr).toBe(8);
    expect(r.json.error.message).toMatch(/nothing was written/);
    expect(existsSync(join(sessions, "session-s4.md"))).toBe(false);
  });
});
