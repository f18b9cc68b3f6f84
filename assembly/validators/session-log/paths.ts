// Facts about a session log's path shared by the rules that run on every log (markdown and JSON):
// the file-name pattern (SP-001), the host's flags (SP-002 missing, SP-003 unread) and the
// repo-relative path normalisation (SP-003, SP-024), and the historical-cutoff skip (SP-004).
import { DOC_SKIPPED } from "../../abi";
import { msg, msgItem } from "../../rules";
import { SessionCtx } from "./context";
import { allDigits, isDigit, endsWithIgnoreCase, matchesIgnoreCase } from "../../lib/text";
import { SL_MISSING, SL_UNREAD } from "../../abi";

/** flags bit 2: the host could not find the file (explicit path that does not exist). */
export const FLAG_MISSING: i32 = SL_MISSING;
/** flags bit 3: the log resolves outside the repository; the host did not read it. */
export const FLAG_UNREAD: i32 = SL_UNREAD;

/** Length of the YYYY-MM-DD-session-N prefix, or -1 when the name does not start with it. */
export function sessionNamePrefix(name: string): i32 {
  if (name.length < 19) return -1;
  if (!allDigits(name, 0, 4) || name.charCodeAt(4) != 45 || !allDigits(name, 5, 7) || name.charCodeAt(7) != 45 ||
      !allDigits(name, 8, 10)) return -1;
  if (!matchesIgnoreCase(name, 10, "-session-")) return -1;
  let i = 19;
  while (i < name.length && isDigit(name.charCodeAt(i))) i++;
  if (i == 19) return -1;
  return i;
}

export function isSessionLogName(name: string): bool {
  let ext = "";
  if (endsWithIgnoreCase(name, ".md")) ext = ".md";
  else if (endsWithIgnoreCase(name, ".json")) ext = ".json";
  else return false;
  const stem = name.substring(0, name.length - ext.length);
  const p = sessionNamePrefix(stem);
  if (p < 0) return false;
  if (p == stem.length) return true;
  // "-<slug>" with a non-empty slug
  return stem.charCodeAt(p) == 45 && p + 1 < stem.length;
}

/** YYYY-MM-DD at the start of a name, or "". */
export function datePrefix(name: string): string {
  if (name.length < 10) return "";
  for (let i = 0; i < 10; i++) {
    const c = name.charCodeAt(i);
    if (i == 4 || i == 7 ? c != 45 : !isDigit(c)) return "";
  }
  return name.substring(0, 10);
}

/** Repo-relative path with `.` and `..` segments resolved and `\` as `/`; "" when it escapes the root. */
export function normalizePath(p: string): string {
  if (isNormalPath(p)) return p; // what the split and join below give back (every log's own name)
  const parts = p.replaceAll("\\", "/").split("/");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const s = parts[i];
    if (s.length == 0 || s == ".") continue;
    if (s == "..") {
      if (out.length == 0) return "";
      out.pop();
    } else out.push(s);
  }
  return out.join("/");
}

/** `p` has no '\' and no empty, "." or ".." segment: normalizePath(p) is `p` itself. */
function isNormalPath(p: string): bool {
  const n = p.length;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? p.charCodeAt(i) : 47;
    if (c == 92) return false;
    if (c != 47) continue;
    const len = i - start;
    if (len == 0 && n > 0) return false;
    if (len == 1 && p.charCodeAt(start) == 46) return false;
    if (len == 2 && p.charCodeAt(start) == 46 && p.charCodeAt(start + 1) == 46) return false;
    start = i + 1;
  }
  return true;
}

/** True for /x, \x, ~/x and X:... (absolute or home-relative paths). */
export function isAbsolutePath(p: string): bool {
  if (p.length == 0) return false;
  const c = p.charCodeAt(0);
  if (c == 47 || c == 92 || c == 126) return true;
  return p.length > 1 && p.charCodeAt(1) == 58;
}

/** The host could not find the log (explicit path that does not exist). */
export function isMissing(ctx: SessionCtx): bool {
  return (ctx.doc.flags & FLAG_MISSING) != 0;
}

/** true when the log is dated before the cutoff (marked skipped, with the reason). */
export function skipHistorical(ctx: SessionCtx): bool {
  const cut = ctx.input.fact("cutoff");
  if (cut === null) return false;
  const d = datePrefix(ctx.doc.baseName());
  if (d.length == 0 || d >= cut) return false;
  ctx.results.setDocStatus(ctx.doc, DOC_SKIPPED);
  ctx.results.put(ctx.doc, "skip", msgItem(msg("skipHistorical").s("date", d).s("cutoff", cut!)));
  return true;
}
