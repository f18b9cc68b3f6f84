// Review of the MCP server (fix-mcp): each test drives the real `agentcheck mcp` process with a real
// SDK client (or the real CLI) in real git repositories, and failed on the code before its fix.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { call, closedAfterEach, commitAll, git, join, ok, protocolRepo, readFileSync, sha256, writeSessionLog, writeTree, type Conn } from "./helpers.js";
import { BIN, makeRepo, runCli } from "../helpers.js";

const open = closedAfterEach();

/** start → the four start gates with real evidence → READY. */
async function toReady(c: Conn, dir: string, objective = "Protocol test", logCommit?: string): Promise<string> {
  const s = await ok(c, "session_start", { objective });
  const id = s.session_id as string;
  await ok(c, "record_evidence", { phase: "SKILL_VALIDATION", evidence_type: "memory_read", evidence: "read skill-usage-mandatory" });
  await ok(c, "record_evidence", { phase: "CONTEXT_RETRIEVAL", evidence_type: "handoff_hash", evidence: sha256(join(dir, ".agents/HANDOFF.md")) });
  writeSessionLog(dir, id, [], logCommit);
  for (let i = 0; i < 4; i++) await ok(c, "advance_phase");
  expect((await ok(c, "get_status")).phase).toBe("READY");
  return id;
}

describe("control characters in tool arguments (review)", () => {
  it("NUL, ESC, TAB and lone surrogates are stored exactly; the state stays readable for the server and `agentcheck phase`", async () => {
    const dir = protocolRepo();
    const c = await open(dir);
    const objective = "a\u0000b\u001b[31m\tc";
    await ok(c, "session_start", { objective });
    const evidence = "x\uD800y\uDC00z\u007f";
    await ok(c, "record_evidence", { phase: "SKILL_VALIDATION", evidence_type: "memory_read", evidence });
    const st = await ok(c, "get_status");
    expect(st.objective).toBe(objective);
    expect(st.evidence[0].evidence).toBe(evidence);
    const text = readFileSync(join(dir, ".serena/memories/session-current-state.md"), "utf8");
    expect(text).toContain("- **Objective**: a\\u0000b\\u001B[31m\\tc");
    const ph = runCli(["phase", "status"], { cwd: dir });
    expect(ph.code, ph.stderr).toBe(0);
    expect(JSON.parse(ph.stdout).objective).toBe(objective);
  });

  it("a summary, decision and notes with a NUL go to session-history.md and the next session starts", async () => {
    const dir = protocolRepo();
    const c = await open(dir);
    await toReady(c, dir);
    commitAll(dir, "work");
    const end = await ok(c, "session_end", { summary: "ok\u0000", decisions: ["d\u0000"], next_session_notes: "n\u0001" });
    expect(end.status).toBe("COMPLETE");
    const next = await call(c, "session_start", { objective: "next" });
    expect(next.isError, next.text).toBe(false);
    const hist = readFileSync(join(dir, ".serena/memories/session-history.md"), "utf8");
    expect(hist).toContain("- **Summary**: ok\\u0000");
  });
});

describe("a memories folder created while a JSON-fallback write waits for its lock (review)", () => {
  it("the write goes to the folder only: one store holds the session, evidence kept, every read works", async () => {
    const dir = protocolRepo({ memories: false });
    const c = await open(dir);
    await ok(c, "session_start", { objective: "race" });
    // another writer holds the fallback's lock for a moment (a live pid, a fresh time)
    const lock = join(dir, ".agents/sessions/.session-state.json.lock");
    writeFileSync(lock, JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString(), token: "held-by-test" }));
    const pending = call(c, "record_evidence", { phase: "SKILL_VALIDATION", evidence_type: "memory_read", evidence: "read it" });
    await new Promise((r) => setTimeout(r, 300));
    mkdirSync(join(dir, ".serena/memories"), { recursive: true });
    await new Promise((r) => setTimeout(r, 200));
    unlinkSync(lock);
    const rec = await pending;
    expect(rec.isError, rec.text).toBe(false);
    expect(existsSync(join(dir, ".agents/sessions/.session-state.json"))).toBe(false);
    const st = await call(c, "get_status");
    expect(st.isError, st.text).toBe(false);
    expect(st.data.store).toBe("memories");
    expect(st.data.evidence.map((e: { evidence: string }) => e.evidence)).toEqual(["read it"]);
    const ph = runCli(["phase", "status"], { cwd: dir });
    expect(ph.code, ph.stderr).toBe(0);
  });
});

const START_FILES = (at: string): Record<string, string> => ({
  [`${at}README.md`]: "# Project\n\nSome text.\n",
  [`${at}.agents/HANDOFF.md`]: "# Hand-off\n\nState of the project.\n",
  [`${at}.claude/skills/github/scripts/get-pr.ps1`]: "Write-Output 'pr'\n",
  [`${at}.serena/memories/skill-usage-mandatory.md`]: "# Skill usage\n\nUse the scripts.\n",
});

describe("--root at a subfolder of the repository (a monorepo package) (review)", () => {
  it("QUALITY_CHECKS lints the package's committed markdown; GIT_COMMIT passes once the package is committed", async () => {
    const repo = makeRepo(START_FILES("pkg/"));
    git(repo, "checkout", "-q", "-b", "feat/pkg");
    const dir = join(repo, "pkg");
    const c = await open(dir, ["--root", dir]);
    await toReady(c, dir);
    await ok(c, "advance_phase"); // WORKING
    await ok(c, "advance_phase"); // DOCUMENTING
    writeTree(dir, { "guide.md": "# Guide\n\n\n\n#### jump\ntext" });
    commitAll(repo, "work");
    const q = (await ok(c, "validate_gate", { phase: "QUALITY_CHECKS" })).results[0];
    expect(q.status, q.message).toBe("FAIL");
    expect(q.message).toContain("guide.md");
    writeTree(dir, { "guide.md": "# Guide\n\nText.\n" });
    commitAll(repo, "fix");
    expect((await ok(c, "validate_gate", { phase: "QUALITY_CHECKS" })).results[0].status).toBe("PASS");
    const g = (await ok(c, "validate_gate", { phase: "GIT_COMMIT" })).results[0];
    expect(g.status, g.message).toBe("PASS");
  });
});

describe("a session started before the repository's first commit (review)", () => {
  it("every commit of HEAD is since the start: QA_VALIDATION knows the changes, GIT_COMMIT passes, session_end completes", async () => {
    const dir = makeRepo({ ...START_FILES(""), ".gitignore": ".serena/\n" }, { commit: false });
    git(dir, "symbolic-ref", "HEAD", "refs/heads/feat/first");
    const c = await open(dir);
    // the log names the commit it expects to start from (there is none yet)
    const id = await toReady(c, dir, "first", "abcdef1");
    expect((await ok(c, "get_status")).starting_commit).toBe("");
    writeTree(dir, { "src/a.ts": "export const a = 1;\n", [`.agents/qa/${id}-qa.md`]: "# QA\n\nPASS\n" });
    commitAll(dir, "first commit");
    const end = await ok(c, "session_end", { summary: "done" });
    expect(end.status, JSON.stringify(end)).toBe("COMPLETE");
    expect(end.results.find((r: { phase: string }) => r.phase === "GIT_COMMIT").message).toContain("1 commit");
  });

  it("code committed without a QA report is not docs-only (the changes are known, so QA_VALIDATION fails for the report, not for unknown changes)", async () => {
    const dir = makeRepo({ ...START_FILES(""), ".gitignore": ".serena/\n" }, { commit: false });
    git(dir, "symbolic-ref", "HEAD", "refs/heads/feat/first");
    const c = await open(dir);
    await toReady(c, dir, "first", "abcdef1");
    writeTree(dir, { "src/a.ts": "export const a = 1;\n" });
    commitAll(dir, "first commit");
    const r = (await ok(c, "validate_gate", { phase: "QA_VALIDATION" })).results[0];
    expect(r.status).toBe("FAIL");
    expect(r.message).toContain("src/a.ts");
  });
});

describe("agentcheck mcp --memories-dir (review)", () => {
  it("a folder other than the configuration's paths.memories is a usage error (exit 2) naming paths.memories; the same folder is accepted and `agentcheck phase` sees its session", async () => {
    const dir = protocolRepo();
    mkdirSync(join(dir, "mem"));
    const r = runCli(["mcp", "--memories-dir", "mem"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("paths.memories");
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ paths: { memories: "mem" } }) });
    const c = await open(dir, ["--memories-dir", "mem/"]);
    await ok(c, "session_start", { objective: "configured" });
    expect(existsSync(join(dir, "mem/session-current-state.md"))).toBe(true);
    const ph = runCli(["phase", "status"], { cwd: dir });
    expect(ph.code, ph.stderr).toBe(0);
    expect(JSON.parse(ph.stdout).objective).toBe("configured");
  });
});

describe("a gate whose input file cannot be read (review)", () => {
  it("CONTEXT_RETRIEVAL with HANDOFF.md linked out of the workspace, over the read limit or a FIFO is a FAIL with the reason, not an INTERNAL tool error", async () => {
    const dir = protocolRepo();
    const c = await open(dir);
    await ok(c, "session_start", { objective: "handoff" });
    const outside = makeRepo({ "secret.md": "# Secret\n" });
    const h = join(dir, ".agents/HANDOFF.md");
    await ok(c, "record_evidence", { phase: "CONTEXT_RETRIEVAL", evidence_type: "notes", evidence: "notes never stand in for a hand-off file that is there" });
    for (const make of [
      () => symlinkSync(join(outside, "secret.md"), h),
      () => { writeFileSync(h, "x"); truncateSync(h, 9 * 1024 * 1024); },
      () => execFileSync("mkfifo", [h]),
    ]) {
      unlinkSync(h);
      make();
      const v = await call(c, "validate_gate", { phase: "CONTEXT_RETRIEVAL" });
      expect(v.isError, v.text).toBe(false);
      expect(v.data.results[0].status).toBe("FAIL");
      expect(v.data.results[0].message).toContain("cannot be read");
      const all = await call(c, "validate_gate", { phase: "ALL" });
      expect(all.isError, all.text).toBe(false);
    }
    const adv = await call(c, "advance_phase");
    expect(adv.isError, adv.text).toBe(false);
  });
});

describe("advance_phase with a target while BLOCKED (review)", () => {
  it("an unknown target is INVALID_INPUT; a jump past a gate is refused and nothing changes; the phase the recovery reaches is accepted", async () => {
    const dir = protocolRepo({ memories: false });
    const c = await open(dir);
    await ok(c, "session_start", { objective: "blocked" });
    const first = await ok(c, "advance_phase", { target: "QA_COMPLETE" });
    expect(first.refused).toBe(true);
    expect((await ok(c, "get_status")).phase).toBe("BLOCKED");
    const bad = await call(c, "advance_phase", { target: "NOT_A_PHASE" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/^INVALID_INPUT/);
    mkdirSync(join(dir, ".serena/memories"), { recursive: true }); // SERENA_INIT passes now
    writeTree(dir, { ".serena/memories/skill-usage-mandatory.md": "# Skill usage\n\nUse the scripts.\n" });
    const jump = await ok(c, "advance_phase", { target: "COMPLETE" });
    expect(jump.advanced).toBe(false);
    expect(jump.refused).toBe(true);
    expect(jump.missing_gate).toBe("SKILL_VALIDATION");
    expect((await ok(c, "get_status")).phase).toBe("BLOCKED");
    const rec = await ok(c, "advance_phase", { target: "SERENA_READY" });
    expect(rec.advanced).toBe(true);
    expect(rec.phase).toBe("SERENA_READY");
  });
});

describe("the JSON fallback state is no session log (review)", () => {
  it("session-log, check, pre-pr and check --staged do not validate .agents/sessions/.session-state.json", () => {
    const dir = protocolRepo({ memories: false });
    const st = runCli(["phase", "start", "fallback"], { cwd: dir });
    expect(st.code, st.stderr).toBe(0);
    expect(existsSync(join(dir, ".agents/sessions/.session-state.json"))).toBe(true);
    for (const args of [["session-log"], ["check"], ["pre-pr", "--all"]]) {
      const r = runCli([...args, "--format", "json"], { cwd: dir });
      expect(r.stdout, args.join(" ")).not.toContain(".session-state.json");
      expect(r.code, `${args.join(" ")}: ${r.stdout.slice(0, 500)}`).toBe(0);
    }
    git(dir, "add", "-A");
    const staged = runCli(["check", "--staged", "--format", "json"], { cwd: dir });
    expect(staged.stdout).not.toContain(".session-state.json");
  });
});

describe("a state file that cannot be read as text (review)", () => {
  it("is CORRUPT_STATE naming the file for the server, and `agentcheck phase status` exits 4 with that code", async () => {
    const dir = protocolRepo();
    const c = await open(dir);
    await ok(c, "session_start", { objective: "bytes" });
    const f = join(dir, ".serena/memories/session-current-state.md");
    writeFileSync(f, Buffer.concat([readFileSync(f), Buffer.from([0xff, 0x0a])]));
    const st = await call(c, "get_status");
    expect(st.isError).toBe(true);
    expect(st.text).toMatch(/^CORRUPT_STATE: \.serena\/memories\/session-current-state\.md: cannot be read: not valid UTF-8/);
    const ph = runCli(["phase", "status"], { cwd: dir });
    expect(ph.code).toBe(4);
    expect(JSON.parse(ph.stdout).error.code).toBe("CORRUPT_STATE");
  });
});

describe("malformed JSON-RPC lines (review)", () => {
  it("get the JSON-RPC 2.0 error response (-32700 / -32600, id when known else null); the server keeps serving and exits when stdin closes", async () => {
    const dir = protocolRepo();
    const p = spawn(process.execPath, [BIN, "mcp", "--root", dir], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => (out += String(d)));
    const reply = async (line: string): Promise<any> => {
      const before = out.length;
      p.stdin.write(line + "\n");
      for (let i = 0; i < 200 && !out.slice(before).includes("\n"); i++) await new Promise((r) => setTimeout(r, 25));
      const got = out.slice(before).trim();
      return got ? JSON.parse(got.split("\n")[0]) : undefined;
    };
    const init = await reply(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }));
    expect(init.result.serverInfo.name).toBe("agentcheck");
    p.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    const cases: [string, number, string | number | null][] = [
      ["this is not json", -32700, null],
      ['{"jsonrpc":"2.0","id":2,"method":"tools/list"', -32700, null],
      [JSON.stringify([{ jsonrpc: "2.0", id: 3, method: "tools/list" }]), -32600, null],
      ["42", -32600, null],
      ["null", -32600, null],
      [JSON.stringify({ jsonrpc: "2.0", id: 4 }), -32600, 4],
      [JSON.stringify({ jsonrpc: "2.0", id: "six", method: "tools/call", params: "x" }), -32600, "six"],
      [JSON.stringify({ jsonrpc: "2.0", id: { a: 1 }, method: "tools/list" }), -32600, null],
      [JSON.stringify({ jsonrpc: "1.0", id: 10, method: "tools/list" }), -32600, 10],
    ];
    for (const [line, code, id] of cases) {
      const r = await reply(line);
      expect(r, line).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
    }
    const after = await reply(JSON.stringify({ jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "get_status", arguments: {} } }));
    expect(after.id).toBe(11);
    expect(after.result.structuredContent.active).toBe(false);
    const exited = new Promise<number | null>((r) => p.on("exit", (c) => r(c)));
    p.stdin.end();
    expect(await exited).toBe(0);
  });
});
