// Issue 33 item 1: no command reads or writes through a symbolic link out of the repository.
// Every command the CLI registers is in COMMANDS below (CONF-00 fails on a new command that is not),
// and runs, as a real process, against three copies of a real repository whose files and folders
// (session state, tasks, manifests, protocol memories, Claude settings, hooks, .gitignore, HANDOFF.md,
// the session index, the baseline) are links out of it: to folders and files holding a secret, and
// dangling links into an outside folder. The secret never appears in the output or in a file of the
// repository, nothing outside changes, and no dangling link's target is created.
import { beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { BIN, makeRepo, runCli, tmpDir } from "../helpers.js";
import { buildProgram } from "../../src/cli.js";
import { HOOK_COMMANDS } from "../../src/commands/hook-commands.js";
import { LOG, SECRET, pool, runAsync } from "./matrix.js";

// same length as SECRET: an outside copy is the repository's file with the marker replaced (SQLite pages included)
const MARK = "MARKER-TOKEN-000000";
if (MARK.length !== SECRET.length) throw new Error("MARK and SECRET must have one length");

const HOOK = JSON.stringify({ session_id: "x", hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "a.md", content: "x" }, cwd: "." });

/** Every leaf command of the CLI, with arguments that make it do its work ({M}: the manifest id), and stdin. */
/** Hook input other than "{}" (a hook that records something only for a tool call that is evidence). */
const HOOK_INPUT: Record<string, string> = {
  "post-tool-use": JSON.stringify({ hook_event_name: "PostToolUse", tool_name: "Read", tool_input: { file_path: ".agents/HANDOFF.md" }, tool_response: {} }),
};

const COMMANDS: Record<string, { args: string[]; input?: string }> = {
  check: { args: ["check", "-f", "json", "."] },
  baseline: { args: ["baseline"] },
  "session-log": { args: ["session-log", "-f", "json"] },
  consistency: { args: ["consistency", "--all", "-f", "json"] },
  traceability: { args: ["traceability", "-f", "json"] },
  "pre-pr": { args: ["pre-pr", "--all", "-f", "json", "--no-exec"] },
  init: { args: ["init", "--force"] },
  "memory-index": { args: ["memory-index", "-f", "json"] },
  "session create": { args: ["session", "create", "--id", "s2"] },
  "session get-state": { args: ["session", "get-state"] },
  "session current": { args: ["session", "current"] },
  "session use": { args: ["session", "use", "s1"] },
  "session set-state": { args: ["session", "set-state", '{"task":"t"}'] },
  "session mode": { args: ["session", "mode", "planning"] },
  "session protocol-start": { args: ["session", "protocol-start"], input: '{"read":"yes"}' },
  "session protocol-end": { args: ["session", "protocol-end"], input: '{"done":"yes"}' },
  "session agent start": { args: ["session", "agent", "start", "analyst"], input: "{}" },
  "session agent complete": { args: ["session", "agent", "complete", "analyst"], input: '{"summary":"s"}' },
  "session decision add": { args: ["session", "decision", "add"], input: '{"type":"technical","description":"d","rationale":"r","decidedBy":"analyst"}' },
  "session verdict add": { args: ["session", "verdict", "add"], input: '{"agent":"critic","verdict":"PASS","summary":"s"}' },
  "session handoff add": { args: ["session", "handoff", "add"], input: '{"fromAgent":"analyst","toAgent":"planner","context":"c"}' },
  "session compact": { args: ["session", "compact"] },
  "session close": { args: ["session", "close"], input: "{}" },
  "session validate": { args: ["session", "validate"] },
  "session gc": { args: ["session", "gc"] },
  "session schema": { args: ["session", "schema"] },
  "session init": { args: ["session", "init"] },
  "session migrate-handoff": { args: ["session", "migrate-handoff"] },
  "session gate": { args: ["session", "gate"], input: HOOK },
  "session end": { args: ["session", "end"], input: "{}" },
  "task save": { args: ["task", "save", "t2", "--data", '{"iteration_count":1,"phase":"p","status":"in_progress"}'] },
  "task update": { args: ["task", "update", "t1", "--data", '{"phase":"q"}'] },
  "task load": { args: ["task", "load", "t1"] },
  "task archive": { args: ["task", "archive", "t1"] },
  "task list": { args: ["task", "list"] },
  "task resume": { args: ["task", "resume", "t1"] },
  "state show": { args: ["state", "show"] },
  "manifest create": { args: ["manifest", "create", "--topic", "other"] },
  "manifest show": { args: ["manifest", "show", "{M}"] },
  "manifest phase": { args: ["manifest", "phase", "{M}", "plan"] },
  "manifest checkpoint": { args: ["manifest", "checkpoint", "{M}", "complete", "1"] },
  "manifest commit": { args: ["manifest", "commit", "{M}", "HEAD"] },
  "manifest status": { args: ["manifest", "status", "{M}", "paused"] },
  "manifest git": { args: ["manifest", "git", "{M}"] },
  index: { args: ["index"] },
  "sessions list": { args: ["sessions", "list"] },
  "hooks install": { args: ["hooks", "install", "--force"] },
  "hooks uninstall": { args: ["hooks", "uninstall"] },
  "hooks status": { args: ["hooks", "status"] },
  "hooks claude": { args: ["hooks", "claude", "--write", "--mcp"] },
  // the Claude Code hooks: every row of the one table (src/commands/hook-commands.ts), input "{}" unless below
  ...Object.fromEntries(HOOK_COMMANDS.map((h: { name: string }) => [`hooks ${h.name}`, { args: ["hooks", h.name], input: HOOK_INPUT[h.name] ?? "{}" }])),
  mcp: {
    args: ["mcp"],
    input: [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ].map((m) => JSON.stringify(m)).join("\n") + "\n",
  },
  "phase start": { args: ["phase", "start", "another", "objective"] },
  "phase gate": { args: ["phase", "gate", "ALL"] },
  "phase advance": { args: ["phase", "advance"] },
  "phase evidence": { args: ["phase", "evidence", "INIT", "note", "e"] },
  "phase status": { args: ["phase", "status"] },
  "phase end": { args: ["phase", "end"] },
  "phase blocked": { args: ["phase", "blocked"] },
  "session record-step": { args: ["session", "record-step", "step1", "--note", "x"] },
  "session approvals": { args: ["session", "approvals", "--all"] },
  "session approve": { args: ["session", "approve", "20261202-000000-aaaaaa"] },
  "session deny": { args: ["session", "deny", "20261202-000000-aaaaaa"] },
  // the server runs until stopped and reads the repository only inside its steps (library code the
  // other rows run): here its start, refused on a bad port before it listens
  "workflows serve": { args: ["workflows", "serve", "--port", "-1"] },
};

/** Folders linked out (variant "folders"). */
const FOLDERS = [".agent-notes", ".aibrain", "agents/sessions", ".serena/memories", ".claude", ".git/hooks", ".agents/sessions"];
/** Files linked out (variants "files" and "dangling"). */
const FILES = [
  ".gitignore", ".agents/HANDOFF.md", ".mcp.json", ".claude/settings.local.json", ".agent-notes/sessions/session-s1.md",
  ".agent-notes/sessions/current-session.md", ".agent-notes/index.sqlite", ".aibrain/session-t1.md", "agents/sessions/{M}/state.json",
  ".serena/memories/session-current-state.md", ".git/hooks/pre-commit", ".agentcheck-baseline.json",
];

type Variant = "folders" | "files" | "dangling";

let seed: string;
let manifestId: string;

function run(dir: string, args: string[], input?: string): void {
  const r = runCli(args, { cwd: dir, input });
  if (r.code !== 0) throw new Error(`seed: ${args.join(" ")}: ${r.code} ${r.stderr}`);
}

/** Every entry under `dir` (links not followed): path → what it is (content hash, link target, folder). */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(p, `link:${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(p, "dir");
        walk(p);
      } else out.set(p, createHash("sha1").update(readFileSync(p)).digest("hex"));
    }
  };
  walk(dir);
  return out;
}

/** Regular files of the repository (links not followed, git objects skipped) that hold the secret. */
function secretsIn(dir: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const st = lstatSync(p);
      if (st.isDirectory() && !st.isSymbolicLink()) {
        if (p !== join(dir, ".git", "objects")) walk(p);
      } else if (st.isFile() && readFileSync(p).includes(SECRET)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

/** Move `rel` of the repository `repo` out to `to` (the marker turned into the secret), a link in its place. */
function linkOut(repo: string, rel: string, to: string): void {
  const abs = join(repo, rel);
  mkdirSync(dirname(to), { recursive: true });
  if (existsSync(abs)) {
    renameSync(abs, to);
    const mark = (p: string) => {
      const st = lstatSync(p);
      if (st.isDirectory()) for (const n of readdirSync(p)) mark(join(p, n));
      else if (st.isFile()) {
        const b = readFileSync(p);
        const s = b.toString("latin1");
        if (s.includes(MARK)) writeFileSync(p, Buffer.from(s.split(MARK).join(SECRET), "latin1"));
      }
    };
    mark(to);
  } else if (!rel.endsWith("/")) {
    writeFileSync(to, `${SECRET}\n`);
  }
  mkdirSync(dirname(abs), { recursive: true });
  symlinkSync(to, abs);
}

function prepare(variant: Variant): { repo: string; outside: string } {
  const top = tmpDir("conf-");
  const repo = join(top, "repo");
  const outside = join(top, "outside");
  mkdirSync(outside);
  cpSync(seed, repo, { recursive: true, verbatimSymlinks: true });
  if (variant === "folders") {
    for (const rel of FOLDERS) linkOut(repo, rel, join(outside, rel.replace(/\//g, "_")));
  } else {
    // the dangling links' folder exists: a writer that follows one creates its target there
    mkdirSync(join(outside, "dangling"));
    for (const r of FILES) {
      const rel = r.replace("{M}", manifestId);
      if (variant === "files") linkOut(repo, rel, join(outside, rel.replace(/\//g, "_")));
      else {
        rmSync(join(repo, rel), { force: true });
        mkdirSync(dirname(join(repo, rel)), { recursive: true });
        symlinkSync(join(outside, "dangling", rel.replace(/\//g, "_")), join(repo, rel));
      }
    }
  }
  return { repo, outside };
}

beforeAll(() => {
  seed = makeRepo({
    "README.md": "# R\n",
    ".agents/HANDOFF.md": `# Handoff\n\n## Context\n\n${MARK} context line\n`,
    ".agents/sessions/2026-01-01-session-1.md": LOG,
    ".serena/memories/memory-index.md": "# Memory index\n",
  });
  run(seed, ["session", "create", "--id", "s1"]);
  run(seed, ["session", "set-state", JSON.stringify({ task: MARK })]);
  run(seed, ["task", "save", "t1", "--data", JSON.stringify({ iteration_count: 1, phase: "build", status: "completed", objective: MARK })]);
  run(seed, ["manifest", "create", "--topic", MARK]);
  manifestId = readdirSync(join(seed, "agents", "sessions"))[0];
  run(seed, ["phase", "start", MARK, "objective"]);
  run(seed, ["index"]);
  run(seed, ["hooks", "claude", "--write", "--mcp"]);
  run(seed, ["hooks", "install"]);
  run(seed, ["baseline"]);
  // the marker in every file the links will point at
  const mcp = JSON.parse(readFileSync(join(seed, ".mcp.json"), "utf8"));
  writeFileSync(join(seed, ".mcp.json"), JSON.stringify({ ...mcp, note: MARK }));
  writeFileSync(join(seed, ".gitignore"), `# ${MARK}\n/.agent-notes/\n`);
  writeFileSync(join(seed, ".git/hooks/pre-commit"), `${readFileSync(join(seed, ".git/hooks/pre-commit"), "utf8")}# ${MARK}\n`);
}, 120_000);

describe("confinement: every command, links out of the repository (issue 33 item 1)", () => {
  it("CONF-00 the table lists every command the CLI registers", () => {
    const names: string[] = [];
    const walk = (c: ReturnType<typeof buildProgram>, prefix: string) => {
      for (const s of c.commands) {
        const n = prefix ? `${prefix} ${s.name()}` : s.name();
        if (s.commands.length > 0) walk(s, n);
        else names.push(n);
      }
    };
    walk(buildProgram(), "");
    expect(names.sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  for (const variant of ["folders", "files", "dangling"] as Variant[]) {
    it(`CONF-01 ${variant}: no command follows a link out (the secret is never shown or copied, nothing outside changes or is created)`, async () => {
      const problems: string[] = [];
      let worst = 0;
      await pool(Object.entries(COMMANDS).map(([name, c]) => async () => {
        const { repo, outside } = prepare(variant);
        const before = snapshot(outside);
        const args = c.args.map((a) => a.replace("{M}", manifestId));
        const r = await runAsync(args, { cwd: repo, input: c.input ?? "", killMs: 20_000 });
        worst = Math.max(worst, r.ms);
        if (r.code === -1) problems.push(`${name}: killed (hang)`);
        if (`${r.stdout}${r.stderr}`.includes(SECRET)) problems.push(`${name}: the secret is in the output`);
        for (const f of secretsIn(repo)) problems.push(`${name}: the secret was copied into ${f.slice(repo.length + 1)}`);
        const after = snapshot(outside);
        for (const [p, v] of after) if (before.get(p) !== v) problems.push(`${name}: ${before.has(p) ? "changed" : "created"} outside: ${p.slice(outside.length + 1)}`);
        for (const p of before.keys()) if (!after.has(p)) problems.push(`${name}: removed outside: ${p.slice(outside.length + 1)}`);
        rmSync(dirname(repo), { recursive: true, force: true });
      }), 3);
      expect(problems).toEqual([]);
      console.log(`confinement ${variant}: ${Object.keys(COMMANDS).length} commands, slowest ${worst} ms`);
    }, 600_000);
  }
});

describe("confinement: the reported cases (issue 33 items 1 and 7)", () => {
  const secretFile = (outside: string) => {
    const f = join(outside, "secret.md");
    writeFileSync(f, `# Handoff\n\n## Context\n\n${SECRET}\n`);
    return f;
  };

  it("CONF-10 session migrate-handoff: a HANDOFF.md linked out is refused (exit 8), nothing of it reaches the notes", () => {
    const top = tmpDir();
    const repo = makeRepo({ "README.md": "# R\n" });
    mkdirSync(join(repo, ".agents"));
    symlinkSync(secretFile(top), join(repo, ".agents", "HANDOFF.md"));
    const r = runCli(["session", "migrate-handoff"], { cwd: repo });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain("outside the repository");
    expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET);
    expect(secretsIn(repo)).toEqual([]);
  });

  it("CONF-11 session migrate-handoff: /proc/self/environ as HANDOFF.md is refused before it is read (no byte offset in the error)", () => {
    const repo = makeRepo({ "README.md": "# R\n" });
    mkdirSync(join(repo, ".agents"), { recursive: true });
    symlinkSync("/proc/self/environ", join(repo, ".agents", "HANDOFF.md"));
    const r = runCli(["session", "migrate-handoff"], { cwd: repo });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain("outside the repository");
    expect(r.stderr).not.toMatch(/offset/);
  });

  it("CONF-12 state show: a session-current-state.md linked out is listed unreadable, never shown", () => {
    const top = tmpDir();
    const repo = makeRepo({ ".serena/memories/memory-index.md": "# M\n" });
    const f = join(top, "state.md");
    writeFileSync(f, `# Session state\n\n- **Session**: ${SECRET}\n- **Current phase**: INIT\n`);
    symlinkSync(f, join(repo, ".serena", "memories", "session-current-state.md"));
    for (const fmt of [[], ["--format", "json"]]) {
      const r = runCli(["state", "show", ...fmt], { cwd: repo });
      expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET);
      expect(`${r.stdout}${r.stderr}`).toContain("outside");
    }
  });

  it("CONF-13 index: an index.sqlite linked out is not written (exit 8); a dangling one's target is not created", () => {
    const top = tmpDir();
    const repo = makeRepo({ "README.md": "# R\n" });
    mkdirSync(join(repo, ".agent-notes"));
    const target = join(top, "index.sqlite");
    writeFileSync(target, SECRET);
    symlinkSync(target, join(repo, ".agent-notes", "index.sqlite"));
    const r = runCli(["index"], { cwd: repo });
    expect(r.code).toBe(8);
    expect(readFileSync(target, "utf8")).toBe(SECRET);
    rmSync(join(repo, ".agent-notes", "index.sqlite"));
    symlinkSync(join(top, "new.sqlite"), join(repo, ".agent-notes", "index.sqlite"));
    expect(runCli(["index"], { cwd: repo }).code).toBe(8);
    expect(existsSync(join(top, "new.sqlite"))).toBe(false);
    // the journal files of a good path are checked too
    rmSync(join(repo, ".agent-notes", "index.sqlite"));
    symlinkSync(join(top, "new-wal"), join(repo, ".agent-notes", "index.sqlite-wal"));
    expect(runCli(["index"], { cwd: repo }).code).toBe(8);
    expect(existsSync(join(top, "new-wal"))).toBe(false);
  });

  it("CONF-14 init and session init: a .gitignore linked out is never appended to (exit 2 / 8)", () => {
    const top = tmpDir();
    const repo = makeRepo({ "README.md": "# R\n" });
    const target = join(top, "gitignore");
    writeFileSync(target, `# ${SECRET}\n`);
    symlinkSync(target, join(repo, ".gitignore"));
    const i = runCli(["init"], { cwd: repo });
    expect(i.code).toBe(2);
    expect(readFileSync(target, "utf8")).toBe(`# ${SECRET}\n`);
    const s = runCli(["session", "init"], { cwd: repo });
    expect(s.code).toBe(8);
    expect(readFileSync(target, "utf8")).toBe(`# ${SECRET}\n`);
    expect(`${i.stdout}${i.stderr}${s.stdout}${s.stderr}`).not.toContain(SECRET);
  });

  it("CONF-15 a .gitignore linked inside the repository is still edited where it points (the link stays)", () => {
    const repo = makeRepo({ "README.md": "# R\n", "shared/gitignore": "node_modules/\n" });
    symlinkSync("shared/gitignore", join(repo, ".gitignore"));
    const s = runCli(["session", "init"], { cwd: repo });
    expect(s.code).toBe(0);
    expect(lstatSync(join(repo, ".gitignore")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(repo, "shared/gitignore"), "utf8")).toContain("/.agent-notes/");
  });
});

describe("task writers killed mid-write (issue 33 item 8)", () => {
  it("CONF-20 a SIGKILLed task save leaves a temp file and a lock: the next save breaks the lock and removes the debris", async () => {
    const repo = makeRepo({ "README.md": "# R\n" });
    expect(runCli(["task", "save", "t1", "--data", '{"iteration_count":1,"phase":"a","status":"in_progress"}'], { cwd: repo }).code).toBe(0);
    // a real writer: the store's own save, stopped in its rename (after the temp file is written and
    // fsynced, under the lock) and killed there
    const mod = join(dirname(BIN), "..", "dist", "aibrain", "checkpoint.js");
    const script = `
      const { CheckpointStore } = await import(${JSON.stringify(mod)});
      const s = new CheckpointStore({ root: ${JSON.stringify(repo)}, fs: { rename: () => { process.stdout.write("ready\\n"); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); } } });
      await s.save("t1", { iteration_count: 2, phase: "b", status: "in_progress" });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => (d.toString().includes("ready") ? resolve() : undefined));
      child.on("exit", (code) => reject(new Error(`writer exited (${code}) before its rename`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.on("close", r));
    const debris = () => readdirSync(join(repo, ".aibrain")).filter((n) => n.endsWith(".tmp") || n.includes(".lock"));
    expect(debris().length).toBeGreaterThanOrEqual(2); // the temp file and the lock of the killed writer
    const r = runCli(["task", "save", "t1", "--data", '{"iteration_count":3,"phase":"c","status":"in_progress"}'], { cwd: repo });
    expect(r.code).toBe(0);
    expect(debris()).toEqual([]);
    expect(JSON.parse(runCli(["task", "load", "t1"], { cwd: repo }).stdout).iteration_count).toBe(3);
  });
});
