// SP-024: a path cited in the checklist Evidence (the QA report, back-ticked file paths) must stay
// inside the repository: no absolute paths, no '..' escaping the root, no symlink leading out. The
// host resolves each cited path (pass 1 asks for them) into the fact "path:<p>" =
// file | dir | missing | outside.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog, factOr } from "./md-log";
import { asciiLower, isSpace } from "../../lib/text";
import { normalizePath, isAbsolutePath } from "./sp002-003-path";

export const SP024 = defineRule("SP-024", SEV_ERROR);
function SP024_doc(): RuleDoc {
  return {
    id: "SP-024",
    validator: "session-log",
    title: "Cited path inside repository",
    description: "Evidence paths stay inside the repository.",
    messages: {
      citedPathEscapesThe: "Cited path escapes the repository: {{raw}}",
      citedPathEscapesThe2: "Cited path escapes the repository (symlink): {{raw}}",
    },
  };
}

export class Cited {
  constructor(public raw: string, public line: i32) {}
}

function stop(c: i32): bool {
  return isSpace(c) || c == 41 || c == 93 || c == 96 || c == 44 || c == 59 || c == 34 || c == 39;
}

/** The first "<qa dir>/....md" path in a QA row's Evidence, or "". */
export function qaPath(ev: string, qaDir: string): string {
  const k = asciiLower(ev).indexOf(asciiLower(qaDir) + "/");
  if (k < 0) return "";
  let e = k;
  while (e < ev.length && !stop(ev.charCodeAt(e))) e++;
  const p = ev.substring(k, e);
  return asciiLower(p).endsWith(".md") ? p : "";
}

function pathLike(t: string): bool {
  if (t.length == 0 || t.indexOf("/") < 0 && t.indexOf("\\") < 0 || t.indexOf("://") >= 0) return false;
  for (let i = 0; i < t.length; i++) if (isSpace(t.charCodeAt(i))) return false;
  const c = t.charCodeAt(0);
  if (c == 47) return t.indexOf("/", 1) > 0; // "/x/y", not a "/command"
  if (c == 46 || c == 126 || c == 92 || isAbsolutePath(t)) return true;
  const seg = t.substring(t.lastIndexOf("/") + 1);
  return seg.indexOf(".") > 0;
}

/** Paths cited in the Evidence cells of both checklists (back-ticked path-like tokens, QA report). */
export function citedPaths(ctx: SessionCtx, log: MdLog): Cited[] {
  const out: Cited[] = [];
  const qaDir = factOr(ctx.input, "qa.dir", ".agents/qa");
  for (let t = 0; t < 2; t++) {
    const rows = t == 0 ? log.start : log.end;
    for (let i = 0; i < rows.length; i++) {
      const ev = rows[i].evidence;
      const q = qaPath(ev, qaDir);
      if (q.length > 0) out.push(new Cited(q, rows[i].line));
      let a = ev.indexOf("`");
      while (a >= 0) {
        const b = ev.indexOf("`", a + 1);
        if (b < 0) break;
        const tok = ev.substring(a + 1, b);
        if (tok != q && pathLike(tok)) out.push(new Cited(tok, rows[i].line));
        a = ev.indexOf("`", b + 1);
      }
    }
  }
  return out;
}

/** Normalised repo-relative form of a cited path, or "" when it escapes lexically. */
export function citedKey(raw: string): string {
  return isAbsolutePath(raw) ? "" : normalizePath(raw);
}

export function checkCitedPaths(ctx: SessionCtx, log: MdLog): void {
  const c = citedPaths(ctx, log);
  for (let i = 0; i < c.length; i++) {
    const k = citedKey(c[i].raw);
    if (k.length == 0) ctx.report(SP024, c[i].line, 0, msg("citedPathEscapesThe").s("raw", c[i].raw));
    else if (ctx.input.fact("path:" + k) == "outside") {
      ctx.report(SP024, c[i].line, 0, msg("citedPathEscapesThe2").s("raw", c[i].raw));
    }
  }
}
