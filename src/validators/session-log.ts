// Session-log validator host: finds logs, gathers repository facts, runs the WASM rules.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { KIND } from "../wasm/abi.js";
import { executeValidator, loadFile, problemResult, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import { findRepoRoot, listFiles, toRepoPath, isInside } from "../repo.js";
import { UsageError } from "../report.js";

export type SessionMode = "full" | "creation" | "record";
export const MODE_FLAGS: Record<SessionMode, number> = { full: 0, creation: 1, record: 2 };

export interface SessionLogOptions {
  /** Working directory (the repository root is found from here unless `root` is given). */
  cwd: string;
  /** Workspace root; `agentcheck check DIR` passes DIR (which may sit inside another repository). */
  root?: string;
  /** Files or directories; default: <repo>/.agents/sessions. */
  paths?: string[];
  mode?: SessionMode;
  maxFileBytes: number;
  /** Fixed clock (ISO 8601) for deterministic runs; default now. */
  now?: string;
}

export const SESSIONS_DIR = ".agents/sessions";

/** Expand paths into candidate log files (.md, .json), sorted and de-duplicated. */
export function discoverSessionLogs(root: string, cwd: string, paths: string[] | undefined): string[] {
  const inputs = paths && paths.length > 0 ? paths.map((p) => resolve(cwd, p)) : [join(root, SESSIONS_DIR)];
  const out = new Set<string>();
  for (const p of inputs) {
    if (!existsSync(p)) {
      if (paths && paths.length > 0) throw new UsageError(`no such file or directory: ${p}`);
      continue; // no sessions directory: nothing to validate ("validate if present")
    }
    const st = statSync(p);
    if (st.isDirectory()) for (const f of listFiles(p, [".md", ".json"])) out.add(f);
    else out.add(p);
  }
  return [...out].sort();
}

function memoryNames(root: string): string[] {
  const dir = join(root, ".serena", "memories");
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.toLowerCase().endsWith(".md"))
      .map((e) => e.name.slice(0, -3))
      .sort();
  } catch {
    return [];
  }
}

export async function validateSessionLogs(opts: SessionLogOptions): Promise<ValidatorOutput> {
  const root = opts.root ? resolve(opts.root) : (findRepoRoot(opts.cwd) ?? resolve(opts.cwd));
  const files = discoverSessionLogs(root, opts.cwd, opts.paths);
  const docs: ContentDoc[] = [];
  const problems = [];
  for (const abs of files) {
    const rel = isInside(abs, root) ? toRepoPath(abs, root) : abs.split("\\").join("/");
    const lf = loadFile(abs, rel, opts.maxFileBytes);
    if (lf.problem) {
      problems.push(problemResult("session-log", lf.problem));
      continue;
    }
    const kind = abs.toLowerCase().endsWith(".json") ? KIND.SESSION_JSON : KIND.SESSION_MD;
    docs.push({ file: rel, kind, flags: MODE_FLAGS[opts.mode ?? "full"], bytes: lf.bytes! });
  }
  const facts: Facts = {
    now: opts.now ?? new Date().toISOString(),
    memories: memoryNames(root),
  };
  const out = docs.length > 0 ? executeValidator("session-log", docs, facts, { separable: true })
    : { results: [], global: {}, internalErrors: [] };
  out.results.push(...problems);
  return out;
}
