// SP-050 audit artifacts, SP-051 docs-only, SP-052 investigation-only allowlist: classification of
// the files a session changed, used by SP-037. Paths: '\' read as '/', prefixes case-insensitive;
// a directory pattern matches the directory itself or anything below it. The sessions directory
// (`sess`) and the memories directory (`mem`) come from the facts sessions.dir / memories.dir
// (config paths.sessions / paths.memories); see sessionsDir().
import { listAndMore } from "../../lib/text";
import { asciiLower, endsWithIgnoreCase } from "../../lib/text";
import { Input } from "../../io";
import { normalizePath } from "./paths";

export const DEFAULT_SESSIONS_DIR = ".agents/sessions";

/** The sessions directory of the run: the fact sessions.dir (config paths.sessions), normalised, without a trailing '/'. */
export function sessionsDir(input: Input): string {
  const v = input.fact("sessions.dir");
  const d = v !== null ? normalizePath(v!) : "";
  return d.length > 0 ? d : DEFAULT_SESSIONS_DIR;
}

export const DEFAULT_MEMORIES_DIR = ".serena/memories";
export const DEFAULT_QA_DIR = ".agents/qa";

/** The memories directory of the run: the fact memories.dir (config paths.memories), else the default. */
export function memoriesDir(input: Input): string {
  const v = input.fact("memories.dir");
  return v !== null && v.length > 0 ? v! : DEFAULT_MEMORIES_DIR;
}

/** The QA reports directory of the run: the fact qa.dir, else the default. */
export function qaDir(input: Input): string {
  const v = input.fact("qa.dir");
  return v !== null && v.length > 0 ? v! : DEFAULT_QA_DIR;
}

/**
 * `p` with '\' read as '/' and ASCII letters lower-cased is `dir` or below it (`dir` lower-case),
 * compared in place: no normalised copy of `p` (SP-131 asks this of every file of a changed-file list).
 */
function under(p: string, dir: string): bool {
  const m = dir.length;
  if (p.length < m) return false;
  for (let i = 0; i < m; i++) {
    let c = p.charCodeAt(i);
    if (c == 92) c = 47;
    else if (c >= 65 && c <= 90) c += 32;
    if (c != dir.charCodeAt(i)) return false;
  }
  if (p.length == m) return true;
  const c = p.charCodeAt(m);
  return c == 47 || c == 92;
}

/** SP-050: session logs, analysis and memories never count as implementation. */
export function isAudit(p: string, mem: string, sess: string): bool {
  return under(p, asciiLower(sess)) || under(p, ".agents/analysis") || under(p, asciiLower(mem));
}

/** SP-052: the investigation-only allowlist (audit artifacts + retrospective + security). */
export function isInvestigation(p: string, mem: string, sess: string): bool {
  return isAudit(p, mem, sess) || under(p, ".agents/retrospective") || under(p, ".agents/security");
}

/** SP-051 docs-only: non-markdown implementation files (empty result = docs-only); null when the list is empty. */
export function nonDocFiles(files: string[], mem: string, sess: string): string[] | null {
  if (files.length == 0) return null;
  const out: string[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    if (!isAudit(f, mem, sess) && !endsWithIgnoreCase(f, ".md")) out.push(f);
  }
  return out;
}

/** SP-052: files outside the investigation allowlist (empty = eligible). */
export function nonInvestigationFiles(files: string[], mem: string, sess: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < files.length; i++) if (!isInvestigation(files[i], mem, sess)) out.push(files[i]);
  return out;
}

/** The investigation-only allowlist for a message (the memories directory follows it). */
export function investigationDirs(sess: string): string {
  return sess + "/, .agents/analysis/, .agents/retrospective/, .agents/security/, ";
}

/**
 * A bounded list for a message: the first 10 names, then "and N more" (a message never grows with
 * the size of a diff; building it is linear in the names shown).
 */
export function listShort(a: string[]): string {
  return listAndMore(a, 10);
}
