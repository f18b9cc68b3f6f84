// Line classes of a domain index (the model behind MI-006..MI-009): a domain index is a pure
// lookup table (spec §6). Lines are trimmed; the first matching class decides; anything before
// the first table row that is no title, metadata or navigation line is ignored, anything after it
// that is no table row is non-table content.
import { pyStrip, isPyWs } from "../../lib/mdrow";
import { excerpt, findUnit } from "../../lib/text";
import { Index, FormatHit, MiCtx } from "./ctx";
import { msg, loc } from "../../rules";

export const F_TITLE: i32 = 6;
export const F_META: i32 = 7;
export const F_NAV: i32 = 8;
export const F_NONTABLE: i32 = 9;

function isTitle(s: string): bool {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) == 35) i++;
  return i > 0 && i < s.length && isPyWs(s.charCodeAt(i));
}

function isMeta(s: string): bool {
  if (!s.startsWith("**")) return false;
  const end = findUnit(s, 42, 2);
  return end > 2 && s.substr(end, 3) == "**:";
}

function isNav(s: string): bool {
  if (s.startsWith("Parent:")) return true;
  if (s.length == 0 || s.charCodeAt(0) != 62) return false;
  let i = 1;
  while (i < s.length && isPyWs(s.charCodeAt(i))) i++;
  return i < s.length && s.charCodeAt(i) == 91 && findUnit(s, 93, i + 1) > 0;
}

/** Every line that breaks the table format, with its class (F_*), in line order (computed once). */
export function formatHits(ix: Index): FormatHit[] {
  const done = ix.format;
  if (done !== null) return done;
  const out: FormatHit[] = [];
  const lines = ix.doc.lines();
  let table = false;
  for (let i = 0; i < lines.length; i++) {
    const s = pyStrip(lines[i]);
    if (s.length == 0) continue;
    let k = 0;
    if (isTitle(s)) k = F_TITLE;
    else if (isMeta(s)) k = F_META;
    else if (isNav(s)) k = F_NAV;
    else if (s.charCodeAt(0) == 124 && s.charCodeAt(s.length - 1) == 124) table = true;
    else if (table) k = F_NONTABLE;
    if (k != 0) out.push(new FormatHit(k, i + 1, excerpt(s)));
  }
  ix.format = out;
  return out;
}

/**
 * MI-006..MI-009 (one check each, differing only in the line class): report the running rule on
 * every line of the unit's domain index that formatHits classed as `cls` (F_TITLE, F_META, F_NAV or
 * F_NONTABLE), with the rule's message "prohibited" (line, text).
 */
export function reportFormatClass(ctx: MiCtx, cls: i32): void {
  const ix = ctx.index();
  if (ix === null) return;
  const hits = formatHits(ix);
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    if (h.rule == cls) ctx.report(ctx.rule, loc(ix.doc, h.line), msg("prohibited").i("line", h.line).s("text", h.text));
  }
}
