// Issue 40 item 3: bad input to the hooks and settings. The PostToolUse, PreCompact, Stop, SessionStart
// and SessionEnd hooks, run as `hooks claude --write` wrote them (sh -c), given a FIFO that never ends on stdin, JSON nested
// deeper than any hook input, bytes that are not UTF-8, or input over their cap: each exits 0 with a
// message and records nothing (no state written, no checkpoint). A configuration with an unknown
// protocol preset or a negative compaction retention: `check` exits 2, the gate denies naming the
// setting, the hooks record nothing.
import { describe, it, expect } from "vitest";
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tmpDir } from "../helpers.js";
import { hookedRepo } from "../integrations/hooked-repo.js";

/** Every file of agentcheck's live state (notes root, checkpoints) with its content. */
function liveState(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = join(dir, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const n of readdirSync(abs)) walk(join(rel, n));
      return;
    }
    out[rel] = readFileSync(abs, "latin1");
  };
  for (const d of [".agent-notes", ".aibrain", ".git/agentcheck"]) walk(d);
  return out;
}

function setup() {
  const { dir, settings, runHook } = hookedRepo({
    "README.md": "# P\n",
    ".agents/HANDOFF.md": "# Hand-off\n",
    ".serena/memories/memory-index.md": "# Memory index\n",
  }, "feat/bad-input");
  const cmd = (ev: string) => settings.hooks[ev][0].hooks[0].command as string;
  const start = runHook(cmd("SessionStart"), { hook_event_name: "SessionStart", source: "startup", cwd: dir });
  expect(start.code).toBe(0);
  expect(start.stdout).toContain("Start protocol");
  /** One hook run with raw bytes on stdin. */
  const raw = (ev: string, input: Buffer | string) => {
    const r = spawnSync("sh", ["-c", cmd(ev)], { cwd: dir, input, encoding: "utf8", env: { ...process.env, CLAUDE_PROJECT_DIR: dir }, maxBuffer: 1 << 26 });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  return { dir, cmd, raw, runHook };
}

const handoffRead = (dir: string, response: string) =>
  `{"hook_event_name":"PostToolUse","cwd":${JSON.stringify(dir)},"tool_name":"Read","tool_input":{"file_path":${JSON.stringify(join(dir, ".agents/HANDOFF.md"))}},"tool_response":${response}}`;

describe("issue-40 item 3: bad input to the PostToolUse, PreCompact, Stop, SessionStart and SessionEnd hooks records nothing, exit 0, with a message", () => {
  it("issue-40 item 3: deeply nested JSON, non-UTF-8 bytes, over-size input", () => {
    const { dir, raw } = setup();
    const before = liveState(dir);
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const cases: [string, string, Buffer | string, RegExp][] = [
      ["post-tool-use nested tool_response", "PostToolUse", handoffRead(dir, deep), /nested deeper than 256 levels; nothing recorded/],
      ["post-tool-use nested document", "PostToolUse", deep, /nested deeper than 256 levels; nothing recorded/],
      ["post-tool-use non-UTF-8", "PostToolUse", Buffer.concat([Buffer.from(handoffRead(dir, '"text ')), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]), /not UTF-8; nothing recorded/],
      ["post-tool-use over 68 MiB", "PostToolUse", handoffRead(dir, JSON.stringify("x".repeat(69 * 1024 * 1024))), /over 68 MiB; nothing recorded/],
      ["pre-compact nested", "PreCompact", `{"hook_event_name":"PreCompact","trigger":"auto","cwd":${JSON.stringify(dir)},"x":${deep}}`, /nested deeper than 256 levels; nothing saved/],
      ["pre-compact non-UTF-8", "PreCompact", Buffer.concat([Buffer.from(`{"trigger":"auto","cwd":${JSON.stringify(dir)},"custom_instructions":"`), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]), /not UTF-8; nothing saved/],
      ["pre-compact over 1 MiB", "PreCompact", `{"trigger":"auto","cwd":${JSON.stringify(dir)},"custom_instructions":${JSON.stringify("x".repeat(2 * 1024 * 1024))}}`, /over 1 MiB; nothing saved/],
      // the Stop, SessionStart and SessionEnd hooks read theirs the same way (bounded, strict UTF-8)
      ["stop nested", "Stop", `{"hook_event_name":"Stop","cwd":${JSON.stringify(dir)},"x":${deep}}`, /stop hook: hook input is nested deeper than 256 levels; not blocking/],
      ["stop non-UTF-8", "Stop", Buffer.concat([Buffer.from(`{"hook_event_name":"Stop","cwd":${JSON.stringify(dir)},"x":"`), Buffer.from([0xff]), Buffer.from('"}')]), /stop hook: hook input is not UTF-8; not blocking/],
      ["stop over 1 MiB", "Stop", `{"hook_event_name":"Stop","cwd":${JSON.stringify(dir)},"x":${JSON.stringify("x".repeat(2 * 1024 * 1024))}}`, /stop hook: hook input is over 1 MiB; not blocking/],
      ["session-start non-UTF-8", "SessionStart", Buffer.concat([Buffer.from(`{"hook_event_name":"SessionStart","source":"`), Buffer.from([0xc0, 0xaf]), Buffer.from(`","cwd":${JSON.stringify(dir)}}`)]), /session start hook: hook input is not UTF-8; no session started/],
      ["session-start over 1 MiB", "SessionStart", `{"hook_event_name":"SessionStart","source":"startup","cwd":${JSON.stringify(dir)},"x":${JSON.stringify("x".repeat(2 * 1024 * 1024))}}`, /session start hook: hook input is over 1 MiB; no session started/],
      ["session-end nested", "SessionEnd", `{"hook_event_name":"SessionEnd","cwd":${JSON.stringify(dir)},"x":${deep}}`, /session end hook: hook input is nested deeper than 256 levels; nothing recorded/],
    ];
    for (const [label, ev, input, message] of cases) {
      const r = raw(ev, input);
      expect(r.code, label).toBe(0);
      expect(r.stderr, label).toMatch(message);
      expect(liveState(dir), label).toEqual(before);
    }
    // the same hooks on good input do record (the cases above can fail)
    expect(raw("PostToolUse", handoffRead(dir, '"# Hand-off"')).code).toBe(0);
    expect(liveState(dir)).not.toEqual(before);
    const mid = liveState(dir);
    expect(raw("PreCompact", `{"trigger":"auto","cwd":${JSON.stringify(dir)}}`).stderr).toContain("saved before compaction");
    expect(liveState(dir)).not.toEqual(mid);
  });

  it("issue-40 item 3: a FIFO on stdin that never ends: each hook gives up at its deadline, exit 0, records nothing", async () => {
    const { dir, cmd } = setup();
    const before = liveState(dir);
    const fifo = join(tmpDir("fifo-"), "stdin");
    execFileSync("mkfifo", [fifo]);
    for (const [ev, message] of [
      ["PostToolUse", /did not end within 5 s; nothing recorded/],
      ["PreCompact", /did not end within 5 s; nothing saved/],
      ["Stop", /did not end within 5 s; not blocking/],
      ["SessionStart", /did not end within 5 s; no session started/],
      ["SessionEnd", /did not end within 5 s; nothing recorded/],
    ] as const) {
      // opened for reading and writing: the hook sees a pipe that is open and silent, never its end
      const fd = openSync(fifo, "r+");
      try {
        const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn("sh", ["-c", cmd(ev)], { cwd: dir, stdio: [fd, "pipe", "pipe"], env: { ...process.env, CLAUDE_PROJECT_DIR: dir } });
          let stderr = "";
          child.stderr.on("data", (c) => (stderr += c));
          const kill = setTimeout(() => child.kill("SIGKILL"), 60_000); // a hang fails below (code null), never the suite
          child.on("close", (code) => {
            clearTimeout(kill);
            resolve({ code, stderr });
          });
        });
        expect(r.code, ev).toBe(0);
        expect(r.stderr, ev).toMatch(message);
      } finally {
        closeSync(fd);
      }
    }
    expect(liveState(dir)).toEqual(before);
  }, 180_000);

  it("issue-39 item 3: a socket on stdin (a hook runner written in Node) is read at once, without node:tty, node:net or the streams; one whose writer holds it open and says nothing is given up at the deadline, exit 0, nothing recorded", async () => {
    const { dir, cmd } = setup();
    const probeDir = tmpDir("probe-");
    const loaded = join(probeDir, "loaded.txt");
    const kind = join(probeDir, "kind.txt");
    const preload = join(probeDir, "modules.cjs");
    // what descriptor 0 is in the hook's node (a socket: the case under test), and the built-ins it loaded
    writeFileSync(preload, `const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(kind)}, fs.fstatSync(0).isSocket() ? "socket" : "other"); const seen = new Set(process.moduleLoadList);\nprocess.on("exit", () => fs.writeFileSync(${JSON.stringify(loaded)}, process.moduleLoadList.filter((m) => !seen.has(m)).join("\\n")));\n`);
    const env = { ...process.env, CLAUDE_PROJECT_DIR: dir, NODE_OPTIONS: `--require=${preload}` };
    const run = (ev: string, input: string | undefined) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn("sh", ["-c", cmd(ev)], { cwd: dir, stdio: ["pipe", "pipe", "pipe"], env });
        let stderr = "";
        child.stderr.on("data", (c) => (stderr += c));
        const kill = setTimeout(() => child.kill("SIGKILL"), 60_000); // a hang fails below (code null), never the suite
        child.on("close", (code) => {
          clearTimeout(kill);
          child.stdin.destroy();
          resolve({ code, stderr });
        });
        if (input !== undefined) child.stdin.end(input);
      });
    const before = liveState(dir);
    const silent = await run("PostToolUse", undefined);
    expect(silent.code).toBe(0);
    expect(silent.stderr).toMatch(/did not end within 5 s; nothing recorded/);
    expect(liveState(dir)).toEqual(before);
    const good = await run("PostToolUse", handoffRead(dir, '"# Hand-off"'));
    expect(good.code).toBe(0);
    expect(readFileSync(kind, "utf8")).toBe("socket");
    expect(liveState(dir)).not.toEqual(before);
    expect(readFileSync(loaded, "utf8").split("\n").filter((m) => /^NativeModule (tty|net|stream)$/.test(m))).toEqual([]);
  }, 60_000);
});

describe("issue-40 item 3: a configuration with a bad protocol.preset or state.compactionRetentionDays", () => {
  it.each([
    ["protocol.preset", { protocol: { preset: "sometimes" } }],
    ["state.compactionRetentionDays", { state: { compactionRetentionDays: -3 } }],
  ])("issue-40 item 3: %s -> check exits 2, the gate denies naming the setting, the hooks record nothing", (key, cfg) => {
    const { dir, raw, cmd, runHook } = setup();
    writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify(cfg));
    const before = liveState(dir);
    const check = runCli(["check"], { cwd: dir });
    expect(check.code).toBe(2);
    expect(check.stderr + check.stdout).toContain(key);
    const gate = runHook(cmd("PreToolUse"), { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Edit", tool_input: { file_path: join(dir, "README.md") } });
    expect(gate.code).toBe(0);
    const deny = JSON.parse(gate.stdout).hookSpecificOutput;
    expect(deny.permissionDecision).toBe("deny");
    expect(deny.permissionDecisionReason).toContain(key);
    const post = raw("PostToolUse", handoffRead(dir, '"# Hand-off"'));
    expect(post.code).toBe(0);
    expect(post.stderr).toContain("nothing recorded");
    expect(post.stderr).toContain(key);
    const pre = raw("PreCompact", `{"trigger":"auto","cwd":${JSON.stringify(dir)}}`);
    expect(pre.code).toBe(0);
    expect(pre.stderr).toContain(key);
    expect(liveState(dir)).toEqual(before);
  });
});

describe("issue-40 item 3: a configuration the Stop, SessionStart and SessionEnd hooks cannot use: missing is the defaults; empty, not JSON, invalid or a link out of the repository is said, and nothing is recorded", () => {
  it.each([
    ["empty", (dir: string) => writeFileSync(join(dir, "agentcheck.config.json"), ""), /agentcheck\.config\.json:1:1: value expected/],
    ["not JSON", (dir: string) => writeFileSync(join(dir, "agentcheck.config.json"), "{ nope"), /agentcheck\.config\.json:1:3: invalid symbol/],
    ["an unknown preset", (dir: string) => writeFileSync(join(dir, "agentcheck.config.json"), JSON.stringify({ protocol: { preset: "sometimes" } })), /protocol\.preset/],
    ["a link out of the repository", (dir: string) => {
      const out = tmpDir("agentcheck-outside-");
      writeFileSync(join(out, "c.json"), JSON.stringify({ protocol: { preset: "off" } }));
      symlinkSync(join(out, "c.json"), join(dir, "agentcheck.config.json"));
    }, /symbolic link to a target outside the repository \(not read\)/],
  ])("issue-40 item 3: %s", (_label, make, reason) => {
    const { dir, raw } = setup();
    // the session exists, with changes since its start: Stop and SessionEnd would have something to say
    writeFileSync(join(dir, "README.md"), "# P\n\nchanged\n");
    make(dir);
    const before = liveState(dir);
    const start = raw("SessionStart", JSON.stringify({ hook_event_name: "SessionStart", source: "startup", cwd: dir }));
    expect(start.code).toBe(0);
    const said = JSON.parse(start.stdout);
    expect(said.systemMessage).toMatch(/^agentcheck: no session was started: /);
    expect(said.systemMessage).toMatch(reason);
    expect(said.hookSpecificOutput).toEqual({ hookEventName: "SessionStart", additionalContext: said.systemMessage });
    const resume = raw("SessionStart", JSON.stringify({ hook_event_name: "SessionStart", source: "compact", cwd: dir }));
    expect(JSON.parse(resume.stdout).systemMessage).toMatch(reason);
    const stop = raw("Stop", JSON.stringify({ hook_event_name: "Stop", cwd: dir }));
    expect(stop.code).toBe(0);
    const stopSaid = JSON.parse(stop.stdout);
    expect(stopSaid.decision).toBeUndefined();
    expect(stopSaid.systemMessage).toMatch(/^agentcheck stop hook: /);
    expect(stopSaid.systemMessage).toMatch(reason);
    const end = raw("SessionEnd", JSON.stringify({ hook_event_name: "SessionEnd", reason: "exit", cwd: dir }));
    expect(end.code).toBe(0);
    expect(end.stderr).toMatch(/session end hook: /);
    expect(end.stderr).toMatch(reason);
    expect(end.stderr).not.toMatch(/end recorded/);
    expect(liveState(dir)).toEqual(before);
  });

  it("issue-40 item 3: no configuration file at all is the defaults: SessionStart continues the session as plain context, no systemMessage", () => {
    const { dir, raw } = setup();
    for (const f of ["agentcheck.config.json", "agentcheck.config.jsonc"]) rmSync(join(dir, f), { force: true });
    const start = raw("SessionStart", JSON.stringify({ hook_event_name: "SessionStart", source: "compact", cwd: dir }));
    expect(start.code).toBe(0);
    expect(start.stdout).toMatch(/^agentcheck: continuing session \d{4}-\d\d-\d\d-session-\d\d /);
    expect(start.stdout).not.toContain("systemMessage");
  });
});
