// Keeps the notes root out of git: `agentcheck init` / `agentcheck session init` add it to the
// worktree's .gitignore (spec §3.1). Idempotent.
import { existsSync, writeFileSync } from "node:fs";
import { CONFIG_MAX_BYTES, readTextOrThrow } from "../fsread.js";
import { join, relative, sep } from "node:path";

export interface GitignoreResult {
  gitignore: string;
  entry: string;
  added: boolean;
  /** Set when the notes root lies outside the worktree (nothing to ignore there). */
  outside?: boolean;
}

export function ensureGitignored(worktree: string, notesRoot: string): GitignoreResult {
  const gitignore = join(worktree, ".gitignore");
  const rel = relative(worktree, notesRoot);
  if (rel === "" || rel.startsWith("..") || /^[A-Za-z]:/.test(rel) || rel.startsWith(sep)) {
    return { gitignore, entry: notesRoot, added: false, outside: true };
  }
  const entry = `/${rel.split(sep).join("/")}/`;
  const text = existsSync(gitignore) ? readTextOrThrow(gitignore, { maxBytes: CONFIG_MAX_BYTES }) : "";
  const bare = entry.replace(/^\/|\/$/g, "");
  const present = text.split(/\r?\n/).some((l) => {
    const t = l.trim().replace(/^\/|\/$/g, "");
    return t === bare || t === `${bare}/*` || t === `${bare}/**`;
  });
  if (present) return { gitignore, entry, added: false };
  const sepNl = text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileSync(gitignore, `${text}${sepNl}# agentcheck session state (changes on every tool call)\n${entry}\n`);
  return { gitignore, entry, added: true };
}
