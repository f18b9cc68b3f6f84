// The PreToolUse gate through the real CLI with hook JSON on stdin (catalog §10.6, decision table §7.2).
import { describe, it, expect } from "vitest";
import { writeFileSync, readFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli, makeRepo, tmpDir } from "../helpers.js";
import { gateDecide, SessionStore } from "../../dist/index.js";
import { minimalState, stateNoteText, pointerText, writeNote, STARTED, NOT_STARTED } from "./fixtures.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined };

function hookInput(tool: string, cwd: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "abc", transcript_path: "/tmp/t.jsonl", cwd, permission_mode: "default",
    hook_event_name: "PreToolUse", tool_name: tool, tool_input: { file_path: join(cwd, "x") }, tool_use_id: "toolu_1", ...extra,
  });
}

/** Run the gate; returns "allow" or the deny reason. Asserts the hook contract (exit 0; empty or deny JSON). */
function gate(cwd: string, input: string, args: string[] = [], runCwd?: string): string {
  const r = runCli(["session", "gate", ...args], { cwd: runCwd ?? cwd, input, env: ENV });
  expect(r.code, r.stderr).toBe(0);
  if (r.stdout === "") return "allow";
  const out = JSON.parse(r.stdout);
  expect(Object.keys(out)).toEqual(["hookSpecificOutput"]);
  expect(out.hookSpecificOutput.hookEventName).toBe("PreToolUse");
  expect(out.hookSpecificOutput.permissionDecision).toBe("deny");
  const reason = out.hookSpecificOutput.permissionDecisionReason as string;
  expect(reason.length).toBeLessThan(500);
  expect(reason).toMatch(/To proceed/);
  return reason;
}

/** A repository whose session is in `mode`, its start protocol done (STARTED) unless `extra` says otherwise. */
function repoInMode(mode: string, extra: Record<string, unknown> = {}, config?: Record<string, unknown>): string {
  const files: Record<string, string> = {};
  if (config) files["agentcheck.config.json"] = JSON.stringify(config);
  const repo = makeRepo(files);
  const root = join(repo, ".agent-notes");
  writeNote(root, "sessions/session-g", stateNoteText(minimalState({ sessionId: "g", currentMode: mode, modeHistory: [{ mode, timestamp: "2026-02-11T10:00:00.000Z" }], ...STARTED, ...extra })));
  writeNote(root, "sessions/current-session", pointerText("g"));
  return repo;
}

const READ_ONLY = ["Read", "Glob", "Grep", "LSP", "WebFetch", "WebSearch"];

describe("gate decision table through the CLI (§10.6)", () => {
  it("GATE-01 analysis allows the read-only tools", () => {
    const repo = repoInMode("analysis");
    for (const t of READ_ONLY) expect(gate(repo, hookInput(t, repo)), t).toBe("allow");
  });
  it("GATE-02 analysis denies Edit, Write, Bash, NotebookEdit with the mode message", () => {
    const repo = repoInMode("analysis");
    for (const t of ["Edit", "Write", "Bash", "NotebookEdit"]) {
      const r = gate(repo, hookInput(t, repo));
      expect(r).toContain(`${t} is not allowed in analysis mode`);
      expect(r).toContain("agentcheck session mode");
    }
  });
  it("GATE-03 analysis denies Task, TodoWrite, MultiEdit and MCP tools (Brain allowed them)", () => {
    const repo = repoInMode("analysis");
    for (const t of ["Task", "TodoWrite", "MultiEdit", "mcp__x__y"]) expect(gate(repo, hookInput(t, repo)), t).not.toBe("allow");
  });
  it("GATE-04 planning allows Bash and Read", () => {
    const repo = repoInMode("planning");
    expect(gate(repo, hookInput("Bash", repo))).toBe("allow");
    expect(gate(repo, hookInput("Read", repo))).toBe("allow");
  });
  it("GATE-05 planning denies Edit, Write, NotebookEdit, MultiEdit", () => {
    const repo = repoInMode("planning");
    for (const t of ["Edit", "Write", "NotebookEdit", "MultiEdit"]) expect(gate(repo, hookInput(t, repo))).toContain("planning mode");
  });
  it("GATE-06 coding allows everything", () => {
    const repo = repoInMode("coding");
    for (const t of ["Edit", "Write", "Bash", "Task", "mcp__srv__tool", "Unknown"]) expect(gate(repo, hookInput(t, repo))).toBe("allow");
  });
  it("GATE-07 disabled allows everything", () => {
    const repo = repoInMode("disabled");
    for (const t of ["Edit", "Bash", "NotebookEdit", "mcp__a__b"]) expect(gate(repo, hookInput(t, repo))).toBe("allow");
  });
  it("GATE-08 empty or unknown mode: Edit denied, Read allowed (Brain allowed everything)", () => {
    for (const mode of ["", "weird"]) {
      const repo = repoInMode(mode);
      expect(gate(repo, hookInput("Edit", repo))).toContain("invalid");
      expect(gate(repo, hookInput("Bash", repo))).not.toBe("allow");
      expect(gate(repo, hookInput("Read", repo))).toBe("allow");
    }
    const noMode = repoInMode("analysis");
    const s = minimalState({ sessionId: "g" });
    delete s.currentMode;
    writeNote(join(noMode, ".agent-notes"), "sessions/session-g", stateNoteText(s));
    expect(gate(noMode, hookInput("Edit", noMode))).not.toBe("allow");
  });
  it("GATE-09 no state: Edit denied with the state-unavailable message, Read allowed", () => {
    const repo = makeRepo();
    const r = gate(repo, hookInput("Edit", repo));
    expect(r).toContain("no session state");
    expect(r).toContain("agentcheck session create");
    expect(r).toContain("session mode disabled");
    expect(gate(repo, hookInput("Read", repo))).toBe("allow");
    // pointer to a missing note
    writeNote(join(repo, ".agent-notes"), "sessions/current-session", pointerText("gone"));
    expect(gate(repo, hookInput("Write", repo))).toContain("no session state");
  });
  it("GATE-10 corrupt state: Bash denied, Grep allowed; truncated file; another schema version; bad pointer", () => {
    const repo = repoInMode("coding");
    const file = join(repo, ".agent-notes", "sessions", "session-g.md");
    const full = readFileSync(file, "utf8");
    writeFileSync(file, full.slice(0, Math.floor(full.length * 0.6))); // truncated
    expect(gate(repo, hookInput("Bash", repo))).toContain("corrupt");
    expect(gate(repo, hookInput("Grep", repo))).toBe("allow");
    writeFileSync(file, "\u0000\u0001binary");
    expect(gate(repo, hookInput("Edit", repo))).toContain("corrupt");
    // a state of another schema version (Brain's shipped shape: no sessionId, extra keys)
    writeFileSync(file, stateNoteText({ currentMode: "coding", modeHistory: [], protocolStartComplete: true, version: 3, updatedAt: "2026-02-11T10:00:00Z", schemaVersion: 2 }));
    expect(gate(repo, hookInput("Edit", repo))).toContain("invalid");
    writeFileSync(file, stateNoteText(minimalState({ sessionId: "g", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: "2026-02-11T10:00:00.000Z" }], version: -1 })));
    expect(gate(repo, hookInput("Edit", repo))).toContain("invalid");
    writeNote(join(repo, ".agent-notes"), "sessions/current-session", "../../etc\n");
    expect(gate(repo, hookInput("Edit", repo))).toContain("corrupt");
  });
  it("GATE-11 unexpected failures (unreadable config, notes root is a file) deny non-read-only tools, exit 0", () => {
    const repo = repoInMode("coding", {}, undefined);
    writeFileSync(join(repo, "agentcheck.config.json"), "{ not json");
    expect(gate(repo, hookInput("Edit", repo))).toContain("the agentcheck configuration is invalid");
    expect(gate(repo, hookInput("Read", repo))).toBe("allow");
    const other = makeRepo();
    writeFileSync(join(other, ".agent-notes"), "a file, not a folder");
    expect(gate(other, hookInput("Edit", other))).not.toBe("allow");
    // the pure decision function with a thrown-away lookup
    expect(gateDecide("Edit", { ok: false, reason: "error", detail: "boom" }, { enabled: true, readOnlyExtra: [], requireProtocolStart: false }).allow).toBe(false);
  });
  it("GATE-12 protocol-start rule: on + flag false + coding → deny; off → allow; disabled mode exempt", () => {
    const on = repoInMode("coding", NOT_STARTED, { gate: { requireProtocolStart: true } });
    expect(gate(on, hookInput("Edit", on))).toContain("session start protocol is incomplete");
    expect(gate(on, hookInput("Read", on))).toBe("allow");
    const done = repoInMode("coding", { protocolStartComplete: true, protocolStartEvidence: { gitBranch: "main" } }, { gate: { requireProtocolStart: true } });
    expect(gate(done, hookInput("Edit", done))).toBe("allow");
    const off = repoInMode("coding", NOT_STARTED, { gate: { requireProtocolStart: false } });
    expect(gate(off, hookInput("Edit", off))).toBe("allow");
    // issue-40 item 1: on by default under full, with or without protocol.preset; off under validate-if-present
    for (const cfg of [undefined, { protocol: { preset: "full" } }]) {
      const dflt = repoInMode("coding", NOT_STARTED, cfg);
      expect(gate(dflt, hookInput("Edit", dflt))).toContain("session start protocol is incomplete");
    }
    const vip = repoInMode("coding", NOT_STARTED, { protocol: { preset: "validate-if-present" } });
    expect(gate(vip, hookInput("Edit", vip))).toBe("allow");
    const disabled = repoInMode("disabled", NOT_STARTED, { gate: { requireProtocolStart: true } });
    expect(gate(disabled, hookInput("Edit", disabled))).toBe("allow");
  });
  it("GATE-13 gate.enabled false in the project config allows everything (even without state)", () => {
    const repo = repoInMode("analysis", {}, { gate: { enabled: false } });
    expect(gate(repo, hookInput("Edit", repo))).toBe("allow");
    const pkg = makeRepo({ "package.json": JSON.stringify({ name: "x", agentcheck: { gate: { enabled: false } } }) });
    expect(gate(pkg, hookInput("Bash", pkg))).toBe("allow");
  });
  it("GATE-14 gate.readOnlyTools extends the read-only list", () => {
    const repo = repoInMode("analysis", {}, { gate: { readOnlyTools: ["TodoWrite", "mcp__docs__search"] } });
    expect(gate(repo, hookInput("TodoWrite", repo))).toBe("allow");
    expect(gate(repo, hookInput("mcp__docs__search", repo))).toBe("allow");
    expect(gate(repo, hookInput("Edit", repo))).not.toBe("allow");
    const alias = repoInMode("analysis", {}, { gate: { readOnlyExtra: ["TodoWrite"] } });
    expect(gate(alias, hookInput("TodoWrite", alias))).toBe("allow");
    const noState = makeRepo({ "agentcheck.config.json": JSON.stringify({ gate: { readOnlyTools: ["TodoWrite"] } }) });
    expect(gate(noState, hookInput("TodoWrite", noState))).toBe("allow");
  });
});

describe("hook protocol (§7.1)", () => {
  it("HOOK-01 Edit in analysis: deny JSON with hookEventName PreToolUse, exit 0", () => {
    const repo = repoInMode("analysis");
    const r = runCli(["session", "gate"], { cwd: repo, input: hookInput("Edit", repo), env: ENV });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("analysis") },
    });
  });
  it("HOOK-02 allowed tool: empty stdout, exit 0, never an explicit allow", () => {
    const repo = repoInMode("coding");
    const r = runCli(["session", "gate"], { cwd: repo, input: hookInput("Edit", repo), env: ENV });
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });
  it("HOOK-03 stdin not JSON: deny, exit 0; a readable read-only tool name still passes", () => {
    const repo = repoInMode("coding");
    for (const input of ["not json", "", "[1,2]", '{"tool_name":"Edit",', "null"]) {
      expect(gate(repo, input), JSON.stringify(input)).toContain("not a JSON object");
      // issue 36 item 8: the hook input is blamed, not the session state (which is fine here)
      expect(gate(repo, input), JSON.stringify(input)).not.toContain("session state");
      expect(gate(repo, input), JSON.stringify(input)).not.toContain("create --force");
    }
    expect(gate(repo, '{"tool_name":"Read", "cwd": ')).toBe("allow");
    expect(gate(repo, '{"tool_name":"Bash", "cwd": ')).not.toBe("allow");
  });
  it("HOOK-04 input carrying hook_event_name is handled as Claude Code", () => {
    const repo = repoInMode("analysis");
    expect(gate(repo, hookInput("Write", repo, { hook_event_name: "PreToolUse" }))).toContain("analysis mode");
    expect(gate(repo, hookInput("Read", repo, { hook_event_name: "PreToolUse" }))).toBe("allow");
  });
  it("HOOK-05 cwd in the hook input picks that worktree's notes root", () => {
    const coding = repoInMode("coding");
    const analysis = repoInMode("analysis");
    mkdirSync(join(coding, "deep", "er"), { recursive: true });
    expect(gate(analysis, hookInput("Edit", join(coding, "deep", "er")), [], analysis)).toBe("allow");
    expect(gate(coding, hookInput("Edit", analysis), [], coding)).not.toBe("allow");
    // --notes-dir overrides
    expect(gate(coding, hookInput("Edit", coding), ["--notes-dir", join(analysis, ".agent-notes")])).not.toBe("allow");
  });
  it("HOOK-05 the session group's --notes-dir / --session (before `gate`) name the state, as for every other session command", () => {
    const coding = repoInMode("coding");
    const analysis = repoInMode("analysis");
    const alt = join(analysis, ".agent-notes");
    const viaGroup = (args: string[]) => {
      const r = runCli(["session", ...args], { cwd: coding, input: hookInput("Edit", coding), env: ENV });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout === "" ? "allow" : (JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason as string);
    };
    expect(viaGroup(["--notes-dir", alt, "gate"])).toContain("analysis mode");
    expect(viaGroup(["--pretty", "gate", "--notes-dir", alt])).toContain("analysis mode");
    // a session id the default root does not hold: no such session, never the current one's mode
    expect(viaGroup(["--session", "nope", "gate"])).not.toBe("allow");
    expect(viaGroup(["gate"])).toBe("allow");
    // and the other session commands read the same state
    expect(JSON.parse(runCli(["session", "--notes-dir", alt, "get-state"], { cwd: coding, env: ENV }).stdout).currentMode).toBe("analysis");
  });
  it("GATE-11 hook input still arriving at the deadline is waited for (a slow pipe is not a failure); the decision is the state's", async () => {
    const { spawn } = await import("node:child_process");
    const { ROOT } = await import("../helpers.js");
    const repo = repoInMode("coding");
    const input = hookInput("Edit", repo, { tool_input: { file_path: join(repo, "x"), content: "y".repeat(3000) } });
    const child = spawn(process.execPath, [join(ROOT, "bin", "agentcheck.js"), "session", "gate"], { cwd: repo, env: { ...process.env, AGENTCHECK_NOTES_DIR: "" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const done = new Promise<number | null>((res) => child.on("close", res));
    // about 200 bytes every 100 ms: the input takes about 1.7 s, past the 1 s deadline
    for (let i = 0; i < input.length; i += 200) {
      child.stdin.write(input.slice(i, i + 200));
      await new Promise((r) => setTimeout(r, 100));
    }
    child.stdin.end();
    expect(await done).toBe(0);
    expect(out).toBe(""); // coding mode allows Edit
  }, 20_000);
  it("GATE-11 hook input that keeps trickling in is waited for at most 3 s, then denied: the gate answers inside the documented 5 s hook timeout (a killed hook fails open) (review)", async () => {
    const { spawn } = await import("node:child_process");
    const { ROOT } = await import("../helpers.js");
    const repo = repoInMode("coding");
    const child = spawn(process.execPath, [join(ROOT, "bin", "agentcheck.js"), "session", "gate"], { cwd: repo, env: { ...process.env, AGENTCHECK_NOTES_DIR: "" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    let closed = false;
    const done = new Promise<number | null>((res) => child.on("close", (c) => { closed = true; res(c); }));
    const input = hookInput("Edit", repo, { tool_input: { file_path: join(repo, "x"), content: "y".repeat(100) } });
    const t0 = Date.now();
    // 4 bytes every 400 ms: the whole input would take about a minute
    for (let i = 0; i < input.length && !closed && Date.now() - t0 < 12_000; i += 4) {
      child.stdin.write(input.slice(i, i + 4));
      await new Promise((r) => setTimeout(r, 400));
    }
    expect(closed, "the gate was still waiting after 12 s").toBe(true);
    expect(await done).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(out).toContain('"permissionDecision":"deny"');
    expect(out).toContain("state unavailable");
    child.stdin.destroy();
  }, 30_000);
  it("the gate follows mode changes made through the CLI", () => {
    const repo = makeRepo();
    runCli(["session", "create", "--id", "live"], { cwd: repo, env: ENV });
    expect(gate(repo, hookInput("Edit", repo))).not.toBe("allow");
    runCli(["session", "mode", "coding"], { cwd: repo, env: ENV });
    // under the default preset (full) the start protocol comes first: the user records it here
    expect(gate(repo, hookInput("Edit", repo))).toContain("session start protocol is incomplete");
    expect(runCli(["session", "protocol-start", "--data", '{"note":"started by hand"}'], { cwd: repo, env: ENV }).code).toBe(0);
    expect(gate(repo, hookInput("Edit", repo))).toBe("allow");
    runCli(["session", "mode", "planning"], { cwd: repo, env: ENV });
    expect(gate(repo, hookInput("Bash", repo))).toBe("allow");
    expect(gate(repo, hookInput("Edit", repo))).toContain("planning");
    expect(new SessionStore({ cwd: repo, env: {} }).getSync("live").version).toBe(4);
  });
  it("the gate never writes (no lock, no files created)", () => {
    const dir = tmpDir();
    expect(gate(dir, hookInput("Edit", dir))).not.toBe("allow");
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("gate entry point stays lean", () => {
  it("the hook bundle imports only Node built-ins and jsonc-parser's parser (no zod, commander, markdownlint, simple-git, rule table; SS-002 through the core) and matches gate.js", async () => {
    const { ROOT } = await import("../helpers.js");
    const bundle = readFileSync(join(ROOT, "dist", "state", "gate-hook.js"), "utf8");
    const imports = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    // the one configuration reader (issue 14) parses JSONC with jsonc-parser's parser module only
    for (const spec of imports) expect(spec).toMatch(/^(node:|jsonc-parser\/lib\/umd\/impl\/parser\.js$)/);
    expect(bundle).not.toMatch(/\bimport\(/);
    expect(bundle).not.toMatch(/\brequire\(|createRequire/);
    // the state is checked by the core's SS-002 (issue 12): the lean runner, without the rule table
    expect(bundle).toMatch(/WebAssembly\.Module/);
    expect(bundle).toContain("validate_session_state");
    expect(bundle).not.toMatch(/"messages":|renderTemplate/);
    // the launcher (CommonJS, bin/package.json) requires the CommonJS twin of this bundle
    expect(readFileSync(join(ROOT, "bin", "agentcheck.js"), "utf8")).toContain('"dist", "state", "gate-hook.cjs"');
    const hook = await import("../../dist/state/gate-hook.js");
    const plain = await import("../../dist/state/gate.js");
    const policy = { enabled: true, readOnlyExtra: [], requireProtocolStart: false };
    for (const tool of ["Read", "Bash", "Edit", "mcp__a__b"]) {
      for (const lookup of [{ ok: true, mode: "analysis", protocolStartComplete: false }, { ok: true, mode: "planning", protocolStartComplete: true }, { ok: false, reason: "corrupt", detail: "x" }] as const) {
        expect(hook.decide(tool, lookup, policy)).toEqual(plain.decide(tool, lookup, policy));
      }
    }
  });
});

describe("issue-39 item 3: no faster stdin at the price of the deadline", () => {
  it("GATE-11 a writer that holds stdin open and sends nothing: the gate denies and exits after about 1 s, not when the writer closes (a read of descriptor 0 in libuv's thread pool would keep the process alive until then: a killed hook fails open)", async () => {
    const { spawn } = await import("node:child_process");
    const { ROOT } = await import("../helpers.js");
    const repo = repoInMode("coding");
    const child = spawn(process.execPath, [join(ROOT, "bin", "agentcheck-gate.cjs")], { cwd: repo, env: { ...process.env, AGENTCHECK_NOTES_DIR: "" } });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const t0 = Date.now();
    const code = await new Promise<number | null>((res) => child.on("exit", res));
    const took = Date.now() - t0;
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(out).toContain("state unavailable");
    // the writer never closes stdin in this test: an exit at all shows the gate did not wait for it
    expect(took).toBeLessThan(15_000);
  }, 30_000);

  /** The gate run as a hook command runs it: `sh -c '<writer> | exec node agentcheck-gate.cjs'`. */
  async function shellGate(repo: string, writer: string, env: Record<string, string>, preload?: string, fromFile?: string): Promise<{ code: number | null; stdout: string }> {
    const { spawnSync } = await import("node:child_process");
    const { ROOT } = await import("../helpers.js");
    const pre = preload ? ` -r "${preload}"` : "";
    // fromFile: the input on descriptor 0 as a regular file (a hook runner that redirects from a file)
    const r = spawnSync("sh", ["-c", fromFile !== undefined ? `exec "$NODE"${pre} "$GATE" <"$FROM"` : `${writer} | exec "$NODE"${pre} "$GATE"`], {
      cwd: repo, encoding: "utf8", env: { ...process.env, AGENTCHECK_NOTES_DIR: "", NODE: process.execPath, GATE: join(ROOT, "bin", "agentcheck-gate.cjs"), ...(fromFile !== undefined ? { FROM: fromFile } : {}), ...env },
    });
    return { code: r.status, stdout: r.stdout };
  }

  it("a hook input through a pipe or on a socket (a hook runner written in Node) its writer has closed is read at once, without process.stdin: no node:tty, node:net or streams loaded, the same decisions", async () => {
    const dir = tmpDir();
    const loaded = join(dir, "loaded.txt");
    const preload = join(dir, "modules.cjs");
    writeFileSync(preload, `const seen = new Set(process.moduleLoadList);\nprocess.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(loaded)}, process.moduleLoadList.filter((m) => !seen.has(m)).join("\\n")));\n`);
    for (const [mode, tool, expected] of [["analysis", "Edit", "deny"], ["coding", "Edit", "allow"], ["analysis", "Read", "allow"]] as const) {
      const repo = repoInMode(mode);
      const input = join(dir, `${mode}-${tool}.json`);
      writeFileSync(input, hookInput(tool, repo));
      const piped = await shellGate(repo, `cat "$IN"`, { IN: input }, preload);
      const pipeModules = readFileSync(loaded, "utf8");
      const socket = await socketGate(repo, [hookInput(tool, repo)], 0, preload);
      expect(socket.stdinKind).toBe("socket");
      for (const [r, modules] of [[piped, pipeModules], [socket, readFileSync(loaded, "utf8")]] as const) {
        expect(r.code).toBe(0);
        expect(r.stdout === "" ? "allow" : JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe(expected);
        if (expected === "deny") expect(r.stdout).toContain("not allowed in analysis mode");
        expect(modules.split("\n").length).toBeGreaterThan(0);
        expect(modules.split("\n").filter((m) => /^NativeModule (tty|net|stream)$/.test(m))).toEqual([]);
      }
    }
  }, 60_000);

  it("a hook input of several MiB (multi-byte characters across the 1 MiB read buffers) is read whole at once, from a closed pipe and from a file: the same decisions", async () => {
    const dir = tmpDir();
    for (const [mode, expected] of [["analysis", "not allowed in analysis mode"], ["coding", ""]] as const) {
      const repo = repoInMode(mode);
      // 3.5 MiB and more of content: a 3-byte character straddles each 1 MiB boundary somewhere; a byte
      // lost, doubled or cut apart makes the input not JSON (a different deny), or its text another one
      const content = "é€a".repeat(700_000);
      const input = join(dir, `${mode}-big.json`);
      writeFileSync(input, hookInput("Write", repo, { tool_input: { file_path: join(repo, "src", "big.txt"), content } }));
      expect(readFileSync(input).length).toBeGreaterThan(3.5 * 1024 * 1024);
      for (const r of [await shellGate(repo, `cat "$IN"`, { IN: input }), await shellGate(repo, "", {}, undefined, input)]) {
        expect(r.code).toBe(0);
        if (expected === "") expect(r.stdout).toBe("");
        else expect(r.stdout).toContain(expected);
      }
    }
  }, 60_000);

  /**
   * The gate run as a hook runner written in Node runs it (Claude Code): stdin a socket (libuv's stdio
   * pipes are socket pairs), written in `parts` with `pauseMs` between them, then closed.
   */
  async function socketGate(repo: string, parts: string[], pauseMs: number, preload?: string): Promise<{ code: number | null; stdout: string; stdinKind: string }> {
    const { spawn } = await import("node:child_process");
    const { ROOT } = await import("../helpers.js");
    const probe = join(tmpDir(), "kind.cjs");
    const kindFile = join(tmpDir(), "kind.txt");
    // what descriptor 0 is in the gate's process (a socket, not a pipe: the case under test)
    writeFileSync(probe, `require("node:fs").writeFileSync(${JSON.stringify(kindFile)}, require("node:fs").fstatSync(0).isSocket() ? "socket" : "other");\n`);
    const child = spawn(process.execPath, ["-r", probe, ...(preload ? ["-r", preload] : []), join(ROOT, "bin", "agentcheck-gate.cjs")], { cwd: repo, env: { ...process.env, AGENTCHECK_NOTES_DIR: "" }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    for (const [i, part] of parts.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, pauseMs));
      await new Promise<void>((r) => child.stdin.write(part, () => r()));
    }
    child.stdin.end();
    const code = await exited;
    return { code, stdout, stdinKind: readFileSync(kindFile, "utf8") };
  }

  it("a socket that runs dry before the input's end (its writer pauses and holds it open), and a socket carrying several MiB, are read on through the stream: the whole input decides", async () => {
    for (const [mode, expected] of [["analysis", "not allowed in analysis mode"], ["coding", ""]] as const) {
      const repo = repoInMode(mode);
      const text = hookInput("Edit", repo);
      const cut = Math.floor(text.length / 2);
      const paused = await socketGate(repo, [text.slice(0, cut), text.slice(cut)], 300);
      // 3.5 MiB and more: more than the socket holds, so the writer is still writing when the gate reads
      const big = hookInput("Write", repo, { tool_input: { file_path: join(repo, "src", "big.txt"), content: "é€a".repeat(700_000) } });
      const large = await socketGate(repo, [big], 0);
      for (const r of [paused, large]) {
        expect(r.stdinKind).toBe("socket");
        expect(r.code).toBe(0);
        if (expected === "") expect(r.stdout).toBe("");
        else expect(r.stdout).toContain(expected);
      }
    }
  }, 60_000);

  it("a pipe that runs dry before the input's end (its writer pauses and holds it open) is read on through the stream: the whole input decides", async () => {
    const dir = tmpDir();
    for (const [mode, expected] of [["analysis", "not allowed in analysis mode"], ["coding", ""]] as const) {
      const repo = repoInMode(mode);
      const text = hookInput("Edit", repo);
      const cut = Math.floor(text.length / 2);
      writeFileSync(join(dir, "a.json"), text.slice(0, cut));
      writeFileSync(join(dir, "b.json"), text.slice(cut));
      const r = await shellGate(repo, `{ cat "$A"; sleep 0.3; cat "$B"; }`, { A: join(dir, "a.json"), B: join(dir, "b.json") });
      expect(r.code).toBe(0);
      if (expected === "") expect(r.stdout).toBe("");
      else expect(r.stdout).toContain(expected);
    }
  }, 60_000);
});

describe("agentcheck-gate: the CommonJS hook entry (bin/agentcheck-gate.cjs)", () => {
  async function cjsGate(cwd: string, input: string): Promise<{ code: number; stdout: string }> {
    const { spawnSync } = await import("node:child_process");
    const { ROOT } = await import("../helpers.js");
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.AGENTCHECK_NOTES_DIR;
    const r = spawnSync(process.execPath, [join(ROOT, "bin", "agentcheck-gate.cjs")], { cwd, input, encoding: "utf8", env: env as NodeJS.ProcessEnv });
    return { code: r.status ?? -1, stdout: r.stdout };
  }
  it("HOOK-01/02/03 and GATE-02/06/09 give the same answers as `agentcheck session gate`", async () => {
    const analysis = repoInMode("analysis");
    const coding = repoInMode("coding");
    const none = makeRepo();
    const cases: [string, string][] = [
      [analysis, hookInput("Edit", analysis)],
      [analysis, hookInput("Read", analysis)],
      [analysis, hookInput("Bash", analysis)],
      [coding, hookInput("Edit", coding)],
      [none, hookInput("Write", none)],
      [none, hookInput("Grep", none)],
      [coding, "not json"],
    ];
    for (const [cwd, input] of cases) {
      const a = await cjsGate(cwd, input);
      const b = runCli(["session", "gate"], { cwd, input, env: ENV });
      expect(a.code).toBe(0);
      expect(a.stdout).toBe(b.stdout);
    }
    expect((await cjsGate(analysis, hookInput("Edit", analysis))).stdout).toContain('"permissionDecision":"deny"');
    expect((await cjsGate(coding, hookInput("Edit", coding))).stdout).toBe("");
  });
  it("GATE-09 the CommonJS bundle names its build; a gate run leaves a V8 code cache keyed by it; cached, corrupt and disabled caches give the same decisions", async () => {
    const { ROOT } = await import("../helpers.js");
    const { existsSync } = await import("node:fs");
    const file = join(ROOT, "dist", "state", "gate-hook.cjs");
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(file, "utf8"));
    expect(id).not.toBeNull();
    const cache = `${file}.${id![1]}.v8cache`;
    const analysis = repoInMode("analysis");
    const coding = repoInMode("coding");
    const decide = async () => [
      (await cjsGate(analysis, hookInput("Edit", analysis))).stdout,
      (await cjsGate(coding, hookInput("Edit", coding))).stdout,
      runCli(["session", "gate"], { cwd: analysis, input: hookInput("Edit", analysis), env: ENV }).stdout,
    ];
    const first = await decide();
    expect(first[0]).toContain('"permissionDecision":"deny"');
    expect(first[1]).toBe("");
    expect(first[2]).toBe(first[0]);
    expect(existsSync(cache)).toBe(true);
    expect(await decide()).toEqual(first); // from the cache
    writeFileSync(cache, "not a code cache");
    expect(await decide()).toEqual(first);
    // V8 checks a code cache's header only: a flipped bit in its payload must not reach it (wrong
    // code, or a fatal crash that Claude Code would take as "let the tool run"). The loader's own
    // checksum refuses the file, the source is compiled, and the cache is written again, intact.
    const { createRequire } = await import("node:module");
    const { unsealed } = createRequire(import.meta.url)(join(ROOT, "bin", "agentcheck-gate.cjs")) as { unsealed: (b: Buffer) => Buffer | undefined };
    const good = readFileSync(cache);
    // the gate's own loader reads and writes bin/code-cache.cjs's format (its twin, issue 39 item 3)
    const shared = createRequire(import.meta.url)(join(ROOT, "bin", "code-cache.cjs")) as { sealed: (b: Buffer) => Buffer; unsealed: (b: Buffer) => Buffer | undefined };
    const gateSealed = (createRequire(import.meta.url)(join(ROOT, "bin", "agentcheck-gate.cjs")) as { sealed: (b: Buffer) => Buffer }).sealed;
    expect(unsealed(shared.sealed(Buffer.from("v8 data")))?.toString()).toBe("v8 data");
    expect(shared.unsealed(gateSealed(Buffer.from("v8 data")))?.toString()).toBe("v8 data");
    expect(unsealed(good)).toBeDefined();
    for (const at of [8, 100, Math.floor(good.length / 2), good.length - 3]) {
      const bad = Buffer.from(good);
      bad[at] ^= 0x10;
      expect(unsealed(bad), `bit flipped at ${at}`).toBeUndefined();
      writeFileSync(cache, bad);
      expect(await decide(), `bit flipped at ${at}`).toEqual(first);
      expect(unsealed(readFileSync(cache)), `rewritten after the flip at ${at}`).toBeDefined();
    }
    expect(unsealed(good.subarray(0, good.length - 1))).toBeUndefined();
    const off = runCli(["session", "gate"], { cwd: analysis, input: hookInput("Edit", analysis), env: { ...ENV, AGENTCHECK_NO_CODE_CACHE: "1" } });
    expect(off.stdout).toBe(first[0]);
    expect(readdirSync(join(ROOT, "dist", "state")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
  it("GATE-09 a code cache written by a call that needed no core (Read) is written once more by the first call that runs the core, then kept", async () => {
    const { statSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    const pkg = await gatePackage();
    const bundle = join(pkg, "dist", "state", "gate-hook.cjs");
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(bundle, "utf8"));
    const cache = `${bundle}.${id![1]}.v8cache`;
    const analysis = repoInMode("analysis");
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.AGENTCHECK_NOTES_DIR;
    const gate = (tool: string) => spawnSync(process.execPath, [join(pkg, "bin", "agentcheck-gate.cjs")], { cwd: analysis, input: hookInput(tool, analysis), encoding: "utf8", env: env as NodeJS.ProcessEnv });
    const magic = () => readFileSync(cache).subarray(0, 4).toString("latin1");
    expect(gate("Read").stdout).toBe("");
    expect(magic()).toBe("acv2"); // no core in that run
    const denied = gate("Edit").stdout; // the state not seen: SS-002 in the core
    expect(denied).toContain('"permissionDecision":"deny"');
    expect(magic()).toBe("acg2"); // written again, with the core's host code
    const written = statSync(cache).mtimeMs;
    const bytes = readFileSync(cache);
    expect(gate("Edit").stdout).toBe(denied); // seen
    expect(gate("Read").stdout).toBe("");
    expect(readFileSync(cache).equals(bytes)).toBe(true);
    expect(statSync(cache).mtimeMs).toBe(written);
  });
  it("GATE-11 the gate's core module file missing, empty or cut short: a state not seen is denied with exit 0, a Read still allowed (the file is read by descriptor, issue 39 item 3)", async () => {
    const { rmSync, truncateSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    const pkg = await gatePackage();
    const core = join(pkg, "dist", "wasm", "generated", "agentcheck-gate.wasm");
    const good = readFileSync(core);
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.AGENTCHECK_NOTES_DIR;
    // coding mode: the core's SS-002 on a valid state allows an Edit; each state is a fresh repository (not seen)
    const gate = (tool: string) => {
      const repo = repoInMode("coding");
      return spawnSync(process.execPath, [join(pkg, "bin", "agentcheck-gate.cjs")], { cwd: repo, input: hookInput(tool, repo), encoding: "utf8", env: env as NodeJS.ProcessEnv });
    };
    const ok = gate("Edit");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(""); // the intact core allows
    for (const [what, breakIt] of [
      ["missing", () => rmSync(core)],
      ["empty", () => truncateSync(core, 0)],
      ["cut short", () => truncateSync(core, Math.floor(good.length / 2))],
    ] as const) {
      writeFileSync(core, good);
      breakIt();
      const r = gate("Edit");
      expect(r.status, `${what}: ${r.stderr}`).toBe(0);
      expect(r.stdout, what).toContain('"permissionDecision":"deny"');
      expect(gate("Read").stdout, what).toBe("");
    }
  });
  it("GATE-09 a FIFO where the code cache belongs is not read (readFileSync would block the gate forever): same decision, in time (review)", async () => {
    const { ROOT } = await import("../helpers.js");
    const { cpSync } = await import("node:fs");
    const { spawnSync, execFileSync } = await import("node:child_process");
    const pkg = tmpDir();
    cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
    cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
    mkdirSync(join(pkg, "dist", "state"), { recursive: true });
    const bundle = join(pkg, "dist", "state", "gate-hook.cjs");
    cpSync(join(ROOT, "dist", "state", "gate-hook.cjs"), bundle);
    const id = /^\/\/ agentcheck-bundle ([0-9a-f]{32})\n/.exec(readFileSync(bundle, "utf8"));
    execFileSync("mkfifo", [`${bundle}.${id![1]}.v8cache`]);
    const analysis = repoInMode("analysis");
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.AGENTCHECK_NOTES_DIR;
    const r = spawnSync(process.execPath, [join(pkg, "bin", "agentcheck-gate.cjs")], { cwd: analysis, input: hookInput("Edit", analysis), encoding: "utf8", env: env as NodeJS.ProcessEnv, timeout: 20_000 });
    expect(r.error, "the gate hung on the FIFO").toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('"permissionDecision":"deny"');
  });
  it("GATE-11 a gate that cannot load or run its bundle denies with exit 0 (Claude Code runs the tool when a hook exits with another code)", async () => {
    const { ROOT } = await import("../helpers.js");
    const { cpSync, existsSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    const pkg = tmpDir();
    cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
    cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
    mkdirSync(join(pkg, "dist", "state"), { recursive: true });
    const repo = repoInMode("coding");
    for (const body of ["throw new Error('boom in the bundle');", "exports.runGate = async () => { throw new Error('boom in the run'); };", "exports.runGate = undefined;"]) {
      writeFileSync(join(pkg, "dist", "state", "gate-hook.cjs"), `// agentcheck-bundle ${"0".repeat(32)}\n${body}\n`);
      for (const argv of [[join(pkg, "bin", "agentcheck-gate.cjs")], [join(pkg, "bin", "agentcheck.js"), "session", "gate"]]) {
        const r = spawnSync(process.execPath, argv, { cwd: repo, input: hookInput("Edit", repo), encoding: "utf8" });
        expect(r.status, `${body} ${argv.join(" ")}: ${r.stderr}`).toBe(0);
        const out = JSON.parse(r.stdout);
        expect(out.hookSpecificOutput.permissionDecision).toBe("deny");
        expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(/internal error .*To proceed/);
      }
    }
    expect(existsSync(join(pkg, "dist", "state", "gate-hook.cjs"))).toBe(true);
  });
  it("the CommonJS bundle requires only Node built-ins and jsonc-parser's parser", async () => {
    const { ROOT } = await import("../helpers.js");
    const bundle = readFileSync(join(ROOT, "dist", "state", "gate-hook.cjs"), "utf8");
    const reqs = [...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(reqs.length).toBeGreaterThan(0);
    for (const r of reqs) expect(r).toMatch(/^(node:|jsonc-parser\/lib\/umd\/impl\/parser\.js$)/);
    expect(bundle).not.toMatch(/^import |\bimport\(/m);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.bin["agentcheck-gate"]).toBe("bin/agentcheck-gate.cjs");
  });
});

/** A copy of the gate's files (launcher, package.json, cores, bundle) in a temp folder: a package of its own. */
async function gatePackage(): Promise<string> {
  const { ROOT } = await import("../helpers.js");
  const { cpSync } = await import("node:fs");
  const pkg = tmpDir();
  cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  mkdirSync(join(pkg, "dist", "state"), { recursive: true });
  cpSync(join(ROOT, "dist", "wasm"), join(pkg, "dist", "wasm"), { recursive: true });
  cpSync(join(ROOT, "dist", "state", "gate-hook.cjs"), join(pkg, "dist", "state", "gate-hook.cjs"));
  return pkg;
}
