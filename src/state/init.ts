// Keeps the notes root out of git: `agentcheck init` / `agentcheck session init` add it to the
// worktree's .gitignore (spec §3.1). Idempotent.
import { CONFIG_MAX_BYTES } from "../fsread.js";
import { editTextConfined } from "../fsedit.js";
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
  const bare = entry.replace(/^\/|\/$/g, "");
  // a bounded read and an atomic replace, both confined to the worktree: a .gitignore that links out
  // of it is refused, never read and never appended to
  const r = editTextConfined(gitignore, (text) => {
    const present = text.split(/\r?\n/).some((l) => {
      const t = l.trim().replace(/^\/|\/$/g, "");
      return t === bare || t === `${bare}/*` || t === `${bare}/**`;
    });
    if (present) return undefined;
    const sepNl = text === "" || text.endsWith("\n") ? "" : "\n";
    return `${text}${sepNl}# agentcheck session state (changes on every tool call)\n${entry}\n`;
  }, { root: worktree, maxBytes: CONFIG_MAX_BYTES });
  return { gitignore, entry, added: r.changed };
}
