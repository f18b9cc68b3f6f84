// `agentcheck init`: for now, keeps the session notes root out of git.
import { ensureGitignored } from "./init.js";
import { resolveNotesRoot } from "./paths.js";

export async function runInit(o: { notesDir?: string }): Promise<number> {
  const r = resolveNotesRoot({ notesDir: o.notesDir });
  const g = ensureGitignored(r.worktree, r.notesRoot);
  if (g.outside) process.stderr.write(`agentcheck init: notes root ${r.notesRoot} is outside the worktree; .gitignore unchanged\n`);
  else process.stderr.write(`agentcheck init: ${g.added ? "added" : "already ignored:"} ${g.entry} ${g.added ? "to" : "in"} ${g.gitignore}\n`);
  return 0;
}
