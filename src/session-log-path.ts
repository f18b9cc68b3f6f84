// Where a session's log is: the one lookup of the session-state commands (`session end`) and the
// protocol gates (SESSION_LOG, DOCS_UPDATE), so both name the same file for the same session.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/**
 * The log of session `id` in `sessionsDir` (repo-relative): the recorded path when it is a file;
 * else `<id>.json`, `<id>.md`; else the first in name order of `<id>-<slug>.json`, then of
 * `<id>-<slug>.md` (the upstream naming, `2026-08-21-session-12-fix-gate.json`). Names compare
 * case-insensitively; the id must be followed by "." or "-", so session 1's log is never session
 * 10's. Undefined when there is none.
 */
export function findLogFor(root: string, id: string, sessionsDir: string, recorded?: string): string | undefined {
  if (recorded && isFile(join(root, recorded))) return recorded;
  let names: string[];
  try {
    names = readdirSync(join(root, sessionsDir)).sort();
  } catch {
    return undefined;
  }
  const lid = id.toLowerCase();
  const pick = (test: (l: string) => boolean) => names.find((n) => test(n.toLowerCase()) && isFile(join(root, sessionsDir, n)));
  const hit =
    pick((l) => l === `${lid}.json`) ?? pick((l) => l === `${lid}.md`) ??
    pick((l) => l.startsWith(`${lid}-`) && l.endsWith(".json")) ?? pick((l) => l.startsWith(`${lid}-`) && l.endsWith(".md"));
  return hit === undefined ? undefined : `${sessionsDir}/${hit}`;
}
