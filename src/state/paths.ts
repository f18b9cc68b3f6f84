// Notes root resolution (spec §3.1): --notes-dir flag, then AGENTCHECK_NOTES_DIR, then the project
// setting state.notesDir, then <worktree root>/.agent-notes/.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readStateSettings, type StateSettings } from "./config.js";
import { isInside } from "../fsread.js";

export const NOTES_ENV = "AGENTCHECK_NOTES_DIR";
export const DEFAULT_NOTES_DIR = ".agent-notes";

/** The worktree (or repository) root enclosing `start`: nearest ancestor with a .git entry, else `start`. */
export function worktreeRoot(start: string): string {
  const begin = resolve(start);
  let dir = begin;
  try {
    if (!statSync(dir).isDirectory()) dir = dirname(dir);
  } catch {
    /* keep */
  }
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const up = dirname(dir);
    if (up === dir) return begin;
    dir = up;
  }
}

/**
 * What a store of these notes is confined to: a notes folder in the worktree (the default
 * .agent-notes, a relative setting) stays in the worktree, so one that links out of the repository is
 * refused; a folder named outside it (flag, environment, setting) is its own confinement.
 */
export function notesConfinement(r: { notesRoot: string; worktree: string }): { confine?: string } {
  return isInside(resolve(r.notesRoot), resolve(r.worktree)) ? { confine: r.worktree } : {};
}

export interface ResolvedRoot {
  notesRoot: string;
  worktree: string;
  from: "flag" | "env" | "config" | "default";
  settings: StateSettings;
}

export function resolveNotesRoot(opts: { cwd?: string; notesDir?: string; env?: NodeJS.ProcessEnv } = {}): ResolvedRoot {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const env = opts.env ?? process.env;
  const worktree = worktreeRoot(cwd);
  const settings = readStateSettings(worktree, cwd);
  if (opts.notesDir) return { notesRoot: resolve(cwd, opts.notesDir), worktree, from: "flag", settings };
  const e = env[NOTES_ENV];
  if (e && e.trim() !== "") return { notesRoot: resolve(cwd, e), worktree, from: "env", settings };
  if (settings.notesDir) return { notesRoot: settings.notesDir, worktree, from: "config", settings };
  return { notesRoot: join(worktree, DEFAULT_NOTES_DIR), worktree, from: "default", settings };
}
