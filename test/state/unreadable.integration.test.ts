// Unreadable, oversized and hostile state notes and inputs through the CLI (spec §5.1, §5.4, §6.1, §8):
// every command answers with its documented exit code and an error document, never INTERNAL.
import { describe, it, expect } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeRepo, runCli } from "../helpers.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined, AGENTCHECK_LOCK_TIMEOUT_MS: undefined };

function session(repo: string, args: string[], input = "") {
  const r = runCli(["session", ...args], { cwd: repo, input, env: ENV });
  let json: any;
  expect(() => (json = JSON.parse(r.stdout)), `stdout of session ${args.join(" ")}: ${r.stdout}\nstderr: ${r.stderr}`).not.toThrow();
  return { ...r, json };
}
const sessionsDir = (repo: string) => join(repo, ".agent-notes", "sessions");
const noteFile = (repo: string, id: string) => join(sessionsDir(repo), `session-${id}.md`);

/** The ways a state note can be unreadable: each replaces the note of session s1 in `repo`. */
const BROKEN: [string, (note: string) => void][] = [
  ["not UTF-8", (p) => writeFileSync(p, Buffer.from([0xff, 0xfe, 0x00, 0x41]))],
  ["over the 4 MiB note limit", (p) => writeFileSync(p, "x".repeat(4 * 1024 * 1024 + 10))],
  ["a FIFO", (p) => execFileSync("mkfifo", [p])],
  ["a symbolic link out of the notes folder", (p) => {
    const outside = join(mkdtempSync(join(tmpdir(), "agentcheck-out-")), "n.md");
    writeFileSync(outside, "x");
    symlinkSync(outside, p);
  }],
  ["a dangling symbolic link", (p) => symlinkSync(join(tmpdir(), "agentcheck-no-such-file-anywhere.md"), p)],
];

function repoWithBroken(make: (p: string) => void): string {
  const repo = makeRepo();
  expect(session(repo, ["create", "--id", "s1"]).code).toBe(0);
  rmSync(noteFile(repo, "s1"));
  make(noteFile(repo, "s1"));
  return repo;
}

describe("unreadable state notes", () => {
  for (const [kind, make] of BROKEN) {
    it(`CLI-08 create --force replaces a state note that is ${kind}, keeping the old entry as .corrupt-<ts> (§8)`, () => {
      const repo = repoWithBroken(make);
      const r = session(repo, ["create", "--id", "s1", "--force"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.json).toMatchObject({ sessionId: "s1", version: 1 });
      const aside = readdirSync(sessionsDir(repo)).filter((n) => n.startsWith("session-s1.md.corrupt-"));
      expect(aside.length).toBe(1);
      expect(session(repo, ["get-state"]).code).toBe(0);
      // without --force: ALREADY_EXISTS, never a crash
      const again = session(repo, ["create", "--id", "s1"]);
      expect(again.code).toBe(6);
      expect(again.json.error.code).toBe("ALREADY_EXISTS");
    });
  }

  it("CLI-12 a dangling-symlink state note is CORRUPT (exit 4) for every command, writers included — not NOT_FOUND", () => {
    const repo = repoWithBroken(BROKEN[4][1]);
    for (const args of [["get-state"], ["validate"], ["mode", "coding"], ["agent", "start", "qa"], ["set-state", '{"task":"t"}'], ["protocol-start"]]) {
      const r = session(repo, args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(4);
      expect(r.json.error.code).toBe("CORRUPT");
    }
  });

  it("CLI-12 a state note over the 4 MiB note limit holds a state over 1 MiB: SCHEMA_INVALID, exit 5 (§8 'State > 1 MiB')", () => {
    const repo = repoWithBroken(BROKEN[1][1]);
    for (const args of [["get-state"], ["validate"], ["mode", "coding"]]) {
      const r = session(repo, args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(5);
      expect(r.json.error.code).toBe("SCHEMA_INVALID");
    }
  });

  it("SER-02 a state nested 100000 levels deep: exit 5 (never INTERNAL), and check reports an SS-002 finding", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    writeFileSync(noteFile(repo, "s1"), "```json\n{\"sessionId\":" + "[".repeat(100000) + "]".repeat(100000) + "}\n```\n");
    for (const args of [["get-state"], ["validate"], ["mode", "coding"], ["agent", "start", "qa"]]) {
      const r = session(repo, args);
      expect(r.json.error.code, `${args.join(" ")}: ${r.stderr}`).toMatch(/^(CORRUPT|SCHEMA_INVALID)$/);
      expect([4, 5]).toContain(r.code);
    }
    const c = runCli(["check", "--only", "session-state", "--format", "json"], { cwd: repo, env: ENV });
    expect(c.code, c.stderr).toBe(1);
    expect(c.stdout).toContain("SS-002");
    expect(c.stderr).not.toMatch(/Maximum call stack/);
  });
});

describe("policy and inputs", () => {
  const policyRepo = () => makeRepo({ "agentcheck.config.json": JSON.stringify({ state: { requireTaskForCoding: true } }) });

  it("MODE-08 create --mode coding under requireTaskForCoding: POLICY_VIOLATION (exit 6), nothing written", () => {
    const repo = policyRepo();
    const r = session(repo, ["create", "--id", "s2", "--mode", "coding"]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.json.error.code).toBe("POLICY_VIOLATION");
    expect(existsSync(noteFile(repo, "s2"))).toBe(false);
    expect(session(repo, ["create", "--id", "s2", "--mode", "planning"]).code).toBe(0);
  });

  it("MODE-02 `session mode coding` while already in coding with no task is a no-op (exit 0, version unchanged), not a policy violation", () => {
    const repo = policyRepo();
    session(repo, ["create", "--id", "s"]);
    session(repo, ["set-state", '{"task":"t"}']);
    expect(session(repo, ["mode", "coding"]).code).toBe(0);
    const cleared = session(repo, ["set-state", '{"task":""}']);
    expect(cleared.code).toBe(0);
    const r = session(repo, ["mode", "coding"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.version).toBe(cleared.json.version);
    expect(r.json.currentMode).toBe("coding");
  });

  it("CLI-06 --expected-version takes plain decimal digits only: '', '0x1', ' 2 ', '1e0', '+1' are INVALID_INPUT (exit 6)", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s"]);
    const before = readFileSync(noteFile(repo, "s"), "utf8");
    for (const v of ["", "0x1", " 1 ", "1e0", "+1", "1.0"]) {
      const r = session(repo, ["mode", "planning", "--expected-version", v]);
      expect(r.code, `'${v}': ${r.stdout}`).toBe(6);
      expect(r.json.error.code).toBe("INVALID_INPUT");
      const s = session(repo, ["set-state", '{"task":"x"}', "--expected-version", v]);
      expect(s.code, `set-state '${v}'`).toBe(6);
    }
    expect(readFileSync(noteFile(repo, "s"), "utf8")).toBe(before);
    expect(session(repo, ["mode", "planning", "--expected-version", "1"]).code).toBe(0);
  });

  it("CLI-06 an evidence key \"__proto__\" is refused (exit 6), never silently dropped", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s"]);
    const before = readFileSync(noteFile(repo, "s"), "utf8");
    const r = session(repo, ["protocol-start", "--data", '{"__proto__":"x","ok":"y"}']);
    expect(r.code, r.stdout).toBe(6);
    expect(r.json.error.code).toBe("INVALID_INPUT");
    expect(readFileSync(noteFile(repo, "s"), "utf8")).toBe(before);
  });

  it("CLI-11 session close with an unreadable pointer: the committed protocol end is reported as success (exit 0), the pointer is left alone", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s"]);
    const pointer = join(sessionsDir(repo), "current-session.md");
    writeFileSync(pointer, Buffer.from([0xff, 0xfe]));
    const r = session(repo, ["close", "--session", "s"]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.json.protocolEndComplete).toBe(true);
    expect(session(repo, ["get-state", "--session", "s"]).json.protocolEndComplete).toBe(true);
    expect(readFileSync(pointer)).toEqual(Buffer.from([0xff, 0xfe]));
  });
});
