// The session CLI as a child process (catalog §10.7) and bad input for every command. Concurrency through
// real processes (CAS-07, CAS-11, SIGKILL, stale locks) is in concurrency.integration.test.ts (slow tier).
import { describe, it, expect } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { runCli, makeRepo, ROOT, BIN } from "../helpers.js";
import { SessionStore, stateIssues } from "../../dist/index.js";
import { parseJsonNote } from "../../dist/state/notes.js";
import { minimalState, stateNoteText, writeNote } from "./fixtures.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined, AGENTCHECK_LOCK_TIMEOUT_MS: undefined };

function session(repo: string, args: string[], input = "", env: Record<string, string | undefined> = {}) {
  const r = runCli(["session", ...args], { cwd: repo, input, env: { ...ENV, ...env } });
  // CLI-11: stdout is exactly one JSON document, newline-terminated
  expect(r.stdout.endsWith("\n"), `stdout of session ${args.join(" ")}: ${r.stdout}\nstderr: ${r.stderr}`).toBe(true);
  let json: any;
  expect(() => (json = JSON.parse(r.stdout)), `stdout of session ${args.join(" ")}: ${r.stdout}`).not.toThrow();
  return { ...r, json };
}
const noteFile = (repo: string, id: string) => join(repo, ".agent-notes", "sessions", `session-${id}.md`);

describe("session CLI (§10.7)", () => {
  it("CLI-01 get-state prints the full state incl. currentMode", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    const r = session(repo, ["get-state"]);
    expect(r.code).toBe(0);
    expect(stateIssues(r.json)).toEqual([]);
    expect(r.json.currentMode).toBe("analysis");
  });
  it("CLI-02 get-state without a session: exit 3, error document, nothing created", () => {
    const repo = makeRepo();
    const r = session(repo, ["get-state"]);
    expect(r.code).toBe(3);
    expect(r.json).toMatchObject({ ok: false, error: { code: "NO_CURRENT_SESSION" } });
    expect(r.stderr).toContain("NO_CURRENT_SESSION");
    expect(existsSync(join(repo, ".agent-notes"))).toBe(false);
  });
  it("CLI-03/04 set-state from an argument and from stdin", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    const a = session(repo, ["set-state", '{"mode":"coding"}']);
    expect(a.code).toBe(0);
    expect(a.json).toMatchObject({ currentMode: "coding", version: 2 });
    expect(a.json.modeHistory.length).toBe(2);
    const b = session(repo, ["set-state"], '{"mode":"planning"}');
    expect(b.code).toBe(0);
    expect(b.json).toMatchObject({ currentMode: "planning", version: 3 });
  });
  it("CLI-05 set-state '{}': exit 6 no updates", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    const r = session(repo, ["set-state", "{}"]);
    expect(r.code).toBe(6);
    expect(r.json.error.message).toMatch(/no updates/);
  });
  it("CLI-06 unknown key, invalid JSON, unknown mode: exit 6 with details, note unchanged", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    const before = readFileSync(noteFile(repo, "s1"), "utf8");
    for (const p of ['{"bogus":1}', "{not json", '{"mode":"x"}', "[1]", '{"task":5}', '{"protocolStartEvidence":{"a":1}}']) {
      const r = session(repo, ["set-state", p]);
      expect(r.code, p).toBe(6);
      expect(r.json.error.code).toBe("INVALID_INPUT");
    }
    expect(readFileSync(noteFile(repo, "s1"), "utf8")).toBe(before);
  });
  it("CLI-07 expectedVersion mismatch: exit 7", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    session(repo, ["set-state", '{"task":"T"}']);
    const r = session(repo, ["set-state", '{"mode":"coding","expectedVersion":1}']);
    expect(r.code).toBe(7);
    expect(r.json.error).toMatchObject({ code: "CONFLICT", details: { expected: 1, actual: 2 } });
    expect(session(repo, ["mode", "coding", "--expected-version", "1"]).code).toBe(7);
    expect(session(repo, ["mode", "coding", "--expected-version", "2"]).code).toBe(0);
  });
  it("CLI-08 create twice with the same id: exit 6 ALREADY_EXISTS", () => {
    const repo = makeRepo();
    expect(session(repo, ["create", "--id", "s1"]).code).toBe(0);
    const r = session(repo, ["create", "--id", "s1"]);
    expect(r.code).toBe(6);
    expect(r.json.error.code).toBe("ALREADY_EXISTS");
  });
  it("CLI-09 create updates the pointer; --no-current does not; use switches", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "a"]);
    expect(session(repo, ["current"]).json).toEqual({ sessionId: "a" });
    const b = session(repo, ["create", "--id", "b", "--no-current", "--mode", "planning"]);
    expect(b.json).toMatchObject({ sessionId: "b", currentMode: "planning", modeHistory: [{ mode: "planning" }] });
    expect(session(repo, ["current"]).json).toEqual({ sessionId: "a" });
    expect(session(repo, ["use", "b"]).json).toEqual({ sessionId: "b" });
    expect(session(repo, ["get-state"]).json.sessionId).toBe("b");
    expect(session(repo, ["--session", "a", "get-state"]).json.sessionId).toBe("a");
    expect(session(repo, ["use", "zzz"]).code).toBe(3);
  });
  it("CLI-10 a change whose rendered note would pass the readers' 4 MiB limit is refused (exit 6, nothing written), never committed unreadable", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    session(repo, ["mode", "coding"]);
    const before = session(repo, ["get-state"]).json.version;
    // 600 KB of compact JSON (under SS-002's 1 MiB) that the note's indented form makes about 5 MB
    const big = JSON.stringify({ context: { a: new Array(300_000).fill(0) } });
    const r = session(repo, ["agent", "start", "analyst", "--prompt", "x"], big);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr + r.stdout).toMatch(/over the 4194304-byte limit/);
    const after = session(repo, ["get-state"]);
    expect(after.code).toBe(0);
    expect(after.json.version).toBe(before);
    expect(session(repo, ["validate"]).code).toBe(0);
    expect(session(repo, ["mode", "analysis"]).code).toBe(0);
  });
  it("CLI-04 a state note that is no readable file (a FIFO, a folder, a link out of the notes root) is CORRUPT, exit 4, as the spec's table says (not the retryable 8) (review)", async () => {
    const { execFileSync } = await import("node:child_process");
    const { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const outside = join(mkdtempSync(join(tmpdir(), "agentcheck-note-")), "n.md");
    writeFileSync(outside, "x");
    for (const make of [(p: string) => execFileSync("mkfifo", [p]), (p: string) => mkdirSync(p), (p: string) => symlinkSync(outside, p)]) {
      const repo = makeRepo();
      session(repo, ["create", "--id", "s1"]);
      const note = join(repo, ".agent-notes", "sessions", "session-s1.md");
      rmSync(note);
      make(note);
      for (const args of [["get-state"], ["validate"], ["mode", "coding"]]) expect(session(repo, args).code, args.join(" ")).toBe(4);
    }
  });

  it("CLI-01 a command group run without its subcommand is a usage error (exit 2; the JSON error document on stdout, help on stderr), never exit 0 with no result (review)", () => {
    const repo = makeRepo();
    for (const args of [["session"], ["session", "agent"], ["session", "decision"], ["task"]]) {
      const r = runCli(args, { cwd: repo });
      expect(r.code, args.join(" ")).toBe(2);
      expect(JSON.parse(r.stdout).error.code).toBe("USAGE");
      expect(r.stderr).toContain("Usage:");
    }
    expect(runCli(["manifest"], { cwd: repo }).code).toBe(2);
    expect(runCli(["session", "--help"], { cwd: repo }).code).toBe(0);
  });

  it("CLI-10 agent complete with invalid output JSON: exit 6", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    expect(session(repo, ["agent", "start", "analyst", "--prompt", "p"]).json.index).toBe(0);
    for (const out of ["{bad", '{"summary":3}', '{"nope":[]}', '"text"']) {
      const r = session(repo, ["agent", "complete", "analyst"], out);
      expect(r.code, out).toBe(6);
    }
    const ok = session(repo, ["agent", "complete", "analyst", "--handoff-to", "planner", "--reason", "next"], '{"summary":"s","blockers":[]}');
    expect(ok.code).toBe(0);
    expect(ok.json.compacted).toBe(false);
    expect(ok.json.state.orchestratorWorkflow.activeAgent).toBe("planner");
    expect(session(repo, ["agent", "complete", "analyst"]).code).toBe(3); // AGT-08 through the CLI
  });
  it("CLI-11 every command prints exactly one JSON document on stdout", () => {
    const repo = makeRepo();
    const cmds: [string[], string][] = [
      [["create", "--id", "s1"], ""],
      [["current"], ""],
      [["get-state", "--pretty"], ""],
      [["mode", "planning"], ""],
      [["set-state", '{"feature":"F","task":"T"}'], ""],
      [["protocol-start"], '{"gitBranch":"main","handoffRead":"yes"}'],
      [["agent", "start", "analyst", "--prompt", "p"], '{"context":{"k":1},"artifacts":["a.md"]}'],
      [["agent", "complete", "analyst"], '{"summary":"done"}'],
      [["decision", "add"], '{"type":"technical","description":"d","rationale":"r","decidedBy":"architect"}'],
      [["verdict", "add"], '{"agent":"critic","decision":"approve","confidence":0.9,"reasoning":"r"}'],
      [["handoff", "add"], '{"fromAgent":"planner","toAgent":"implementer","reason":"r","context":"c"}'],
      [["compact"], ""],
      [["validate"], ""],
      [["protocol-end"], '{"closedAt":"now"}'],
      [["gc"], ""],
      [["schema"], ""],
      [["use", "s1"], ""],
      [["close"], ""],
    ];
    for (const [args, input] of cmds) {
      const r = session(repo, args, input);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    }
    const s = new SessionStore({ cwd: repo, env: {} }).getSync("s1");
    expect(s.protocolStartComplete && s.protocolEndComplete).toBe(true);
    expect(s.activeTask).toBeUndefined();
    expect(s.orchestratorWorkflow!.decisions.length).toBe(1);
    expect(existsSync(join(repo, ".agent-notes", "sessions", "current-session.md"))).toBe(false); // closed
  });
  it("CLI-12 validate: exit 4 for an unparseable note, 5 with issue paths for a schema violation", () => {
    const repo = makeRepo();
    session(repo, ["create", "--id", "s1"]);
    writeFileSync(noteFile(repo, "s1"), "```json\n{\"sessionId\": \n```\n");
    const c = session(repo, ["validate"]);
    expect(c.code).toBe(4);
    expect(c.json.error.code).toBe("CORRUPT");
    writeFileSync(noteFile(repo, "s1"), stateNoteText(minimalState({ currentMode: "weird", version: -2, extra: 1 })));
    const v = session(repo, ["validate"]);
    expect(v.code).toBe(5);
    const paths = v.json.error.details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["currentMode", "version"]));
    writeFileSync(noteFile(repo, "s1"), stateNoteText(minimalState({ sessionId: "other" })));
    expect(session(repo, ["validate"]).code).toBe(5); // id mismatch with the note name
    expect(session(repo, ["get-state"]).code).toBe(5);
  });
  it("init adds the notes root to .gitignore once", () => {
    const repo = makeRepo({ ".gitignore": "node_modules/" });
    expect(session(repo, ["init"]).json).toMatchObject({ entry: "/.agent-notes/", added: true });
    expect(session(repo, ["init"]).json.added).toBe(false);
    const top = runCli(["init"], { cwd: repo, env: ENV });
    expect(top.code).toBe(0);
    expect(readFileSync(join(repo, ".gitignore"), "utf8")).toBe("node_modules/\n# agentcheck session state (changes on every tool call)\n/.agent-notes/\n");
  });
});

describe("bad input to every command: documented exit code, error document, note unchanged", () => {
  const repo = makeRepo();
  session(repo, ["create", "--id", "s1"]);
  const cases: [string, string[], string, number, string][] = [
    ["create: unknown flag", ["create", "--bogus"], "", 2, "USAGE"],
    ["create: id with /", ["create", "--id", "a/b"], "", 6, "INVALID_INPUT"],
    ["create: id with ..", ["create", "--id", ".."], "", 6, "INVALID_INPUT"],
    ["create: bad mode", ["create", "--id", "z", "--mode", "fast"], "", 6, "INVALID_INPUT"],
    ["get-state: --session ../x", ["--session", "../x", "get-state"], "", 6, "INVALID_INPUT"],
    ["get-state: extra argument", ["get-state", "extra"], "", 2, "USAGE"],
    ["current: unknown flag", ["current", "--x"], "", 2, "USAGE"],
    ["use: id with /", ["use", "s1/../s1"], "", 6, "INVALID_INPUT"],
    ["use: missing id", ["use"], "", 2, "USAGE"],
    ["set-state: invalid JSON", ["set-state", "{"], "", 6, "INVALID_INPUT"],
    ["set-state: breaks an invariant (bad phase)", ["set-state", '{"workflowPhase":"done"}'], "", 6, "INVALID_INPUT"],
    ["set-state: breaks an invariant (state over 1 MiB)", ["set-state"], JSON.stringify({ protocolStartEvidence: { big: "x".repeat(1100 * 1024) } }), 6, "INVALID_INPUT"],
    ["set-state: expectedVersion not a number", ["set-state", '{"task":"t","expectedVersion":"1"}'], "", 6, "INVALID_INPUT"],
    ["set-state: --expected-version -1", ["set-state", '{"task":"t"}', "--expected-version", "-1"], "", 6, "INVALID_INPUT"],
    ["mode: unknown", ["mode", "turbo"], "", 6, "INVALID_INPUT"],
    ["mode: missing", ["mode"], "", 2, "USAGE"],
    ["protocol-start: not an object", ["protocol-start"], "[1,2]", 6, "INVALID_INPUT"],
    ["protocol-start: number value", ["protocol-start"], '{"a":1}', 6, "INVALID_INPUT"],
    ["protocol-end: invalid JSON", ["protocol-end"], "{x", 6, "INVALID_INPUT"],
    ["agent start: unknown agent", ["agent", "start", "wizard"], "", 6, "INVALID_INPUT"],
    ["agent start: bad stdin key", ["agent", "start", "qa"], '{"colour":1}', 6, "INVALID_INPUT"],
    ["agent start: bad handoff-from", ["agent", "start", "qa", "--handoff-from", "x"], "", 6, "INVALID_INPUT"],
    ["agent complete: nothing in progress", ["agent", "complete", "qa"], "", 3, "NOT_FOUND"],
    ["agent complete: unknown flag", ["agent", "complete", "qa", "--fail"], "", 2, "USAGE"],
    ["decision add: empty stdin", ["decision", "add"], "", 6, "INVALID_INPUT"],
    ["decision add: bad type", ["decision", "add"], '{"type":"x","description":"d","rationale":"r","decidedBy":"qa"}', 6, "INVALID_INPUT"],
    ["verdict add: confidence 101 (0–100, issue 40)", ["verdict", "add"], '{"agent":"qa","decision":"approve","confidence":101,"reasoning":"r"}', 6, "INVALID_INPUT"],
    ["handoff add: missing fields", ["handoff", "add"], '{"fromAgent":"qa"}', 6, "INVALID_INPUT"],
    ["compact: unknown flag", ["compact", "--all"], "", 2, "USAGE"],
    ["validate: unknown session", ["--session", "nope", "validate"], "", 3, "NOT_FOUND"],
    ["gc: extra argument", ["gc", "now"], "", 2, "USAGE"],
    ["unknown subcommand", ["frobnicate"], "", 2, "USAGE"],
  ];
  it("an unreadable project config → exit 2 USAGE with an error document", () => {
    const bad = makeRepo({ "agentcheck.config.json": "{ nope" });
    const r = session(bad, ["get-state"]);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe("USAGE");
    expect(r.json.error.message).toMatch(/agentcheck\.config\.json/);
  });
  for (const [name, args, input, exit, codeName] of cases) {
    it(`${name} → exit ${exit} ${codeName}`, () => {
      const before = readFileSync(noteFile(repo, "s1"), "utf8");
      const r = session(repo, args, input);
      expect(r.code).toBe(exit);
      expect(r.json.ok).toBe(false);
      expect(r.json.error.code).toBe(codeName);
      expect(r.json.error.message.length).toBeGreaterThan(0);
      expect(readFileSync(noteFile(repo, "s1"), "utf8")).toBe(before);
      expect(readdirSync(join(repo, ".agent-notes", "sessions")).filter((n) => n.endsWith(".lock") || n.endsWith(".tmp"))).toEqual([]);
    });
  }
});
