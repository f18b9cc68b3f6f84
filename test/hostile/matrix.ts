// The bad-input matrix of issue 11: {bad input} x {file kind a command reads} x {command}.
// Every run is a real CLI process against a real git repository in a temp dir, killed (SIGKILL) at
// KILL_MS: a run that needs the kill is a hang. Big inputs are generated at test time.
import { spawn, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { BIN, git, makeRepo, runCli, tmpDir } from "../helpers.js";

// 5 s (issue 11); AGENTCHECK_MATRIX_KILL_MS only for a machine so loaded that process start-up alone nears it
export const KILL_MS = Number(process.env.AGENTCHECK_MATRIX_KILL_MS) || 5000;
export const SECRET = "SECRET-TOKEN-7f3a9c";

export interface RunResult {
  code: number; // -1 = killed at KILL_MS
  ms: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI (or the gate) asynchronously with a hard kill at KILL_MS. */
export function runAsync(args: string[], opts: { cwd: string; input?: string; env?: Record<string, string>; bin?: string; killMs?: number }): Promise<RunResult> {
  return new Promise((resolveRun) => {
    const t0 = Date.now();
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", CI: "", GITHUB_ACTIONS: "", ...opts.env };
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, [opts.bin ?? BIN, ...args], { cwd: opts.cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let killed = false;
    child.stdout.on("data", (d) => (stdout.length < 1_000_000 ? (stdout += d) : undefined));
    child.stderr.on("data", (d) => (stderr.length < 1_000_000 ? (stderr += d) : undefined));
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, opts.killMs ?? KILL_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolveRun({ code: killed ? -1 : (code ?? -1), ms: Date.now() - t0, stdout, stderr });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(opts.input ?? "");
  });
}

/** Run tasks with at most n at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker));
  return out;
}

// ---- bad inputs -------------------------------------------------------------------------------

/** refused: the file cannot be checked, so the run must not exit 0; same: verdict equals the LF baseline; any: 0/1/2. */
export type Expect = "refused" | "same" | "any";

export interface Bad {
  name: string;
  expect: Expect;
  /** Replace the file at abs (baseline LF text given) with the bad input. */
  make(abs: string, lf: string, ctx: { outside: string }): void;
}

const utf16 = (s: string, be: boolean, bom: boolean) => {
  const le = Buffer.from((bom ? "\ufeff" : "") + s, "utf16le");
  if (!be) return le;
  const out = Buffer.alloc(le.length);
  for (let i = 0; i + 1 < le.length; i += 2) {
    out[i] = le[i + 1];
    out[i + 1] = le[i];
  }
  return out;
};

export function makeSocket(abs: string): void {
  // a listening socket whose process exits without closing it leaves the socket file behind
  execFileSync(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(abs)}, () => process.exit(0))`]);
}

export const BADS: Bad[] = [
  { name: "FIFO", expect: "refused", make: (abs) => execFileSync("mkfifo", [abs]) },
  {
    name: "FIFO via symlink", expect: "refused", make: (abs) => {
      execFileSync("mkfifo", [`${abs}.fifo`]);
      symlinkSync(`${abs.slice(abs.lastIndexOf("/") + 1)}.fifo`, abs);
    },
  },
  { name: "/dev/zero via symlink", expect: "refused", make: (abs) => symlinkSync("/dev/zero", abs) },
  { name: "socket", expect: "refused", make: (abs) => makeSocket(abs) },
  { name: "directory for file", expect: "any", make: (abs) => mkdirSync(abs) },
  { name: "dangling symlink", expect: "refused", make: (abs) => symlinkSync("does-not-exist.md", abs) },
  {
    name: "symlink loop", expect: "refused", make: (abs) => {
      symlinkSync(`${abs}.b`, abs);
      symlinkSync(abs, `${abs}.b`);
    },
  },
  {
    name: "symlink out of the repository", expect: "refused", make: (abs, _lf, ctx) => {
      const target = join(ctx.outside, "secret.md");
      writeFileSync(target, `${SECRET}\n`);
      symlinkSync(target, abs);
    },
  },
  {
    name: "50 MB file", expect: "refused", make: (abs) => {
      writeFileSync(abs, "");
      truncateSync(abs, 50 * 1024 * 1024);
    },
  },
  { name: "10 MB line", expect: "refused", make: (abs, lf) => writeFileSync(abs, `${lf}${"x".repeat(10 * 1024 * 1024)}\n`) },
  { name: "100,000-deep nesting", expect: "any", make: (abs, lf) => writeFileSync(abs, `${lf}\n${"> ".repeat(100_000)}x\n${"[".repeat(100_000)}\n`) },
  { name: "invalid UTF-8", expect: "refused", make: (abs, lf) => writeFileSync(abs, Buffer.concat([Buffer.from(lf), Buffer.from([0xc3, 0x28, 0x0a])])) },
  { name: "NUL byte", expect: "refused", make: (abs, lf) => writeFileSync(abs, Buffer.concat([Buffer.from(lf), Buffer.from([0x00, 0x0a])])) },
  { name: "UTF-16 LE", expect: "refused", make: (abs, lf) => writeFileSync(abs, utf16(lf, false, false)) },
  { name: "UTF-16 BE", expect: "refused", make: (abs, lf) => writeFileSync(abs, utf16(lf, true, false)) },
  { name: "UTF-16 LE with BOM", expect: "refused", make: (abs, lf) => writeFileSync(abs, utf16(lf, false, true)) },
  { name: "UTF-16 BE with BOM", expect: "refused", make: (abs, lf) => writeFileSync(abs, utf16(lf, true, true)) },
  {
    name: "binary", expect: "refused", make: (abs) => {
      const b = Buffer.alloc(4096);
      for (let i = 0; i < b.length; i++) b[i] = (i * 7919 + 13) & 0xff;
      writeFileSync(abs, b);
    },
  },
  { name: "UTF-8 BOM", expect: "same", make: (abs, lf) => writeFileSync(abs, `\ufeff${lf}`) },
  { name: "CRLF", expect: "same", make: (abs, lf) => writeFileSync(abs, lf.replace(/\n/g, "\r\n")) },
  { name: "lone CR", expect: "same", make: (abs, lf) => writeFileSync(abs, lf.replace(/\n/g, "\r")) },
  { name: "empty", expect: "any", make: (abs) => writeFileSync(abs, "") },
];

// ---- file kinds ----------------------------------------------------------------------------------

export interface Kind {
  name: string;
  /** The file replaced by a bad input (repo-relative). */
  rel: string;
  /** Its normal (LF) content. */
  lf: string;
  /** Commands that read it ({file} = rel). */
  commands: string[][];
  /** Other files of the repository. */
  files?: Record<string, string>;
  /** Bad inputs whose verdict is free for this kind (e.g. JSON configs cannot be "the same" with lone CR... they can). */
  anyFor?: string[];
  /** Run after the repository is made (e.g. create a session). */
  setup?: (dir: string) => void;
  /** Files the commands here take from git (pre-pr scope): special files cannot be committed. */
  tracked?: boolean;
}

export const LOG = `# Session 1 - 2026-01-01

## Session Info

- **Date**: 2026-01-01
- **Branch**: main

## Protocol Compliance

### Session Start

| Req | Step | Status | Evidence |
|-----|------|--------|----------|
| MUST | Read HANDOFF.md | [x] | read |

## Work Log

Did things.
`;

export const KINDS: Kind[] = [
  {
    name: "session log",
    rel: ".agents/sessions/2026-01-01-session-1.md",
    lf: LOG,
    commands: [["session-log", "-f", "json"], ["check", "-f", "json", "{file}"], ["pre-pr", "--all", "--only", "PP-001", "--no-cache", "-f", "json"]],
  },
  {
    name: "memory index",
    rel: ".serena/memories/skills-example-index.md",
    lf: "| Keywords | File |\n|----------|------|\n| alpha beta | example-one |\n",
    files: { ".serena/memories/example-one.md": "# One\n\nText.\n", ".serena/memories/memory-index.md": "# Memory index\n\n- [skills-example-index](skills-example-index.md)\n" },
    commands: [["memory-index", "-f", "json"], ["check", "-f", "json", "."]],
  },
  {
    name: "planning doc",
    rel: ".agents/planning/prd-widget.md",
    lf: "# PRD: Widget\n\n## Requirements\n\n- The widget works.\n",
    files: { ".agents/planning/tasks-widget.md": "# Tasks: Widget\n\n- [ ] TASK-001 build it\n" },
    commands: [["consistency", "--all", "-f", "json"], ["check", "-f", "json", "."]],
  },
  {
    name: "spec",
    rel: ".agents/specs/requirements/REQ-001-widget.md",
    lf: "---\ntype: requirement\nid: REQ-001\nstatus: draft\nrelated:\n  - DESIGN-001\n---\n\n# REQ-001 Widget\n",
    files: { ".agents/specs/design/DESIGN-001-widget.md": "---\ntype: design\nid: DESIGN-001\nstatus: draft\nrelated:\n  - REQ-001\n---\n\n# DESIGN-001\n" },
    commands: [["traceability", "-f", "json"], ["check", "-f", "json", "."]],
  },
  {
    name: "config",
    rel: "agentcheck.config.json",
    lf: "{\n  \"prePr\": {}\n}\n",
    files: { "docs/guide.md": "# Guide\n\nText.\n" },
    commands: [["check", "-f", "json", "."], ["pre-pr", "--all", "--only", "PP-003", "--no-cache", "-f", "json"], ["session", "create"]],
  },
  {
    name: "markdownlint config",
    rel: ".markdownlint.json",
    lf: "{\n  \"default\": true\n}\n",
    files: { "docs/guide.md": "# Guide\n\nText.\n" },
    commands: [["pre-pr", "--all", "--only", "PP-003", "--no-cache", "-f", "json"]],
  },
  {
    name: "markdown in a PR",
    rel: "docs/guide.md",
    lf: "# Guide\n\nSome text.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n- item\n",
    commands: [["pre-pr", "--all", "--only", "PP-003,PP-006", "--no-cache", "-f", "json"]],
    tracked: true,
  },
  {
    name: "state note",
    rel: ".agent-notes/sessions/current-session.md",
    lf: "",
    commands: [["session", "current"], ["session", "get-state"]],
    setup: (dir) => {
      const r = runCli(["session", "create"], { cwd: dir });
      if (r.code !== 0) throw new Error(`session create failed: ${r.stderr}`);
    },
  },
];

/** Template repository of a kind (made once), with its LF baseline file. */
export function template(kind: Kind): string {
  const files: Record<string, string> = { "README.md": "# Repo\n", ...kind.files };
  if (kind.lf !== "") files[kind.rel] = kind.lf;
  const dir = makeRepo(files);
  if (kind.setup) kind.setup(dir);
  return dir;
}

export interface CaseResult {
  kind: string;
  bad: string;
  command: string;
  expect: Expect;
  run: RunResult;
  baseline?: RunResult;
}

/** Replace the kind's file in a copy of the template by the bad input, then run every command. */
export function prepareCase(tpl: string, kind: Kind, bad: Bad): { dir: string; outside: string; lf: string } {
  const dir = tmpDir("agentcheck-hostile-");
  cpSync(tpl, dir, { recursive: true, verbatimSymlinks: true });
  const outside = tmpDir("agentcheck-outside-");
  const abs = join(dir, kind.rel);
  mkdirSync(dirname(abs), { recursive: true });
  let lf = kind.lf;
  if (kind.name === "state note") lf = `${execFileSync("cat", [abs], { encoding: "utf8" })}`;
  rmSync(abs, { force: true, recursive: true });
  bad.make(abs, lf, { outside });
  if (kind.tracked) {
    // what a PR would carry: commit what git can hold (links and regular files)
    try {
      git(dir, "add", "-A");
      git(dir, "commit", "-q", "-m", "bad input");
    } catch {
      /* special files cannot be committed */
    }
  }
  return { dir, outside, lf };
}

export function substitute(cmd: string[], kind: Kind): string[] {
  return cmd.map((a) => (a === "{file}" ? kind.rel : a));
}

/** Rule ids and lines of a run's JSON or text output, for "same verdict" comparisons. */
export function verdictKey(r: RunResult): string {
  const ids = [...`${r.stdout}`.matchAll(/"ruleId"\s*:\s*"([^"]+)"[^}]*?"line"\s*:\s*(\d+)/g)].map((m) => `${m[1]}@${m[2]}`).sort();
  return `${r.code}|${ids.join(",")}`;
}

/** Outcome check for one case; returns a problem text or undefined. */
export function judge(c: CaseResult): string | undefined {
  const where = `${c.kind} / ${c.bad} / ${c.command}`;
  if (c.run.code === -1) return `${where}: still running after ${KILL_MS} ms (killed)`;
  // session-state commands have their own exit-code table (specs/session-state.md: 0..8)
  const codes = c.command.startsWith("session ") ? [0, 1, 2, 3, 4, 5, 6, 7, 8] : [0, 1, 2];
  if (!codes.includes(c.run.code)) return `${where}: exit ${c.run.code}\n${c.run.stderr.slice(0, 500)}`;
  if (`${c.run.stdout}${c.run.stderr}`.includes(SECRET)) return `${where}: the output quotes the target of a link out of the repository`;
  if (c.expect === "refused" && c.run.code === 0) return `${where}: exit 0 although the file was not checked`;
  if (c.expect === "same" && c.baseline && verdictKey(c.run) !== verdictKey(c.baseline)) {
    return `${where}: verdict differs from LF: ${verdictKey(c.run)} vs ${verdictKey(c.baseline)}`;
  }
  return undefined;
}

/** Run the cases of the given kinds x bad inputs (every command of the kind), n at a time. */
export async function runMatrix(kinds: Kind[], bads: Bad[], n = 3): Promise<CaseResult[]> {
  // a file that makes markdownlint run away is stopped after the bound and one retry alone with
  // LINT_RETRY_FACTOR times it (src/prepr/markdown.ts): 500 ms x (1 + 4) = 2.5 s, inside KILL_MS
  const env = { AGENTCHECK_LINT_TIMEOUT_MS: "500" };
  const tasks: (() => Promise<CaseResult[]>)[] = [];
  const baselines = new Map<string, RunResult>();
  for (const kind of kinds) {
    const tpl = template(kind);
    for (const cmd of kind.commands) {
      const args = substitute(cmd, kind);
      tasks.push(async () => {
        const { dir } = prepareCase(tpl, kind, { name: "LF", expect: "same", make: (abs, lf) => writeFileSync(abs, lf) });
        baselines.set(`${kind.name}|${args.join(" ")}`, await runAsync(args, { cwd: dir, env }));
        return [];
      });
    }
  }
  await pool(tasks, n);
  tasks.length = 0;
  for (const kind of kinds) {
    const tpl = template(kind);
    for (const bad of bads) {
      tasks.push(async () => {
        const { dir } = prepareCase(tpl, kind, bad);
        const out: CaseResult[] = [];
        for (const cmd of kind.commands) {
          const args = substitute(cmd, kind);
          const command = args.join(" ");
          // a file git cannot hold never reaches a command that works on committed files
          const untrackable = kind.tracked && ["FIFO", "socket", "directory for file"].includes(bad.name);
          out.push({
            kind: kind.name, bad: bad.name, command,
            expect: untrackable ? "any" : bad.expect,
            run: await runAsync(args, { cwd: dir, env }),
            baseline: baselines.get(`${kind.name}|${command}`),
          });
        }
        return out;
      });
    }
  }
  const results = (await pool(tasks, n)).flat();
  if (process.env.AGENTCHECK_MATRIX_DUMP) writeFileSync(process.env.AGENTCHECK_MATRIX_DUMP, JSON.stringify(results, null, 1));
  return results;
}
