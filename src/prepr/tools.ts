// External tools (actionlint, yamllint, the test command): lookup on PATH without spawning, and
// runs with a timeout whose outcome (exit code, output, timeout) is reported as it is.
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** Absolute path of an executable on PATH, or undefined. */
export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  const exts = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const d of dirs) {
    for (const x of exts) {
      const p = join(d, name + x);
      try {
        if (!statSync(p).isFile()) continue;
        accessSync(p, constants.X_OK);
        return p;
      } catch {
        /* not here */
      }
    }
  }
  return undefined;
}

export interface ToolRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  error?: string;
}

export function runTool(cmd: string, args: string[], opts: { cwd: string; timeoutSec: number; env?: NodeJS.ProcessEnv; shell?: boolean }): ToolRun {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    encoding: "utf8",
    timeout: opts.timeoutSec * 1000,
    killSignal: "SIGKILL",
    maxBuffer: 64 * 1024 * 1024,
    shell: opts.shell ?? false,
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT";
  return {
    exitCode: r.status,
    stdout: r.stdout ?? "",
    stderr: r.stderr ?? "",
    timedOut,
    error: r.error && !timedOut ? r.error.message : undefined,
  };
}

/** First `max` lines of a tool's output and a note on how many were left out. */
export function capLines(text: string, max: number): string[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max), `... (${lines.length - max} more lines omitted)`];
}

/** Split a long argument list into batches (100 files or about 7,500 characters each). */
export function batches(files: string[], maxCount = 100, maxChars = 7500): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let len = 0;
  for (const f of files) {
    if (cur.length > 0 && (cur.length >= maxCount || len + f.length + 1 > maxChars)) {
      out.push(cur);
      cur = [];
      len = 0;
    }
    cur.push(f);
    len += f.length + 1;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}
