// CrossReferences model (CO-008, CO-009): the links of a feature's documents, scanned once. Link
// targets are resolved against the linking file's folder; whether a target exists (and stays inside
// the base path) is a fact the host answers. A target without an answer becomes a link query for the
// host's second pass.
import { Msg, Rule, loc } from "../../rules";
import { Doc } from "../../io";
import { ConsistencyCtx, LinkHit, FX1, FX2 } from "./context";
import { findLinks, codeRanges, lineAt, at } from "../../lib/mdscan";
import { isPyWs, pyStrip } from "../../lib/mdrow";
import { isAlpha, isAlnum, isHex, TextBuf, findUnit, findLastUnit } from "../../lib/text";

const decodeBuf = new TextBuf();

function hexVal(c: i32): i32 {
  return c <= 57 ? c - 48 : (c | 32) - 87;
}

/** FX-2: the path part of a target, or "" to skip it (scheme, anchor only, empty). */
function cleanTarget(raw: string): string {
  let t = pyStrip(raw);
  if (at(t, "<", 0) && findUnit(t, 62) > 0) t = t.substring(1, findUnit(t, 62));
  else {
    for (let i = 0; i < t.length; i++) if (isPyWs(t.charCodeAt(i))) { t = t.substring(0, i); break; }
  }
  // URI scheme
  if (t.length > 0 && isAlpha(t.charCodeAt(0))) {
    for (let i = 1; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c == 58) return "";
      if (!isAlnum(c) && c != 43 && c != 45 && c != 46) break;
    }
  }
  let cut = findUnit(t, 35);
  if (cut >= 0) t = t.substring(0, cut);
  cut = findUnit(t, 63);
  if (cut >= 0) t = t.substring(0, cut);
  if (findUnit(t, 37) < 0) return t;
  // percent-decoding of ASCII escapes
  // (one buffer: a unit concatenated per character was quadratic in the target's length)
  const out = decodeBuf.reset();
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c == 37 && i + 2 < t.length && isHex(t.charCodeAt(i + 1)) && isHex(t.charCodeAt(i + 2))) {
      const v = hexVal(t.charCodeAt(i + 1)) * 16 + hexVal(t.charCodeAt(i + 2));
      if (v < 128) { out.addUnit(v); i += 2; continue; }
    }
    out.addUnit(c);
  }
  return out.take();
}

/**
 * The reference's `re.sub(r"#.*$", "", target)` (no flags): `.` stops at a line break and `$` matches
 * at the end or before a final line break, so only an anchor running to the end of the target goes
 * (its final line break stays); `x.md#a\nb` keeps its '#'. Spec §5.2 says "from the first #".
 */
function dropAnchor(raw: string): string {
  const n = raw.length;
  // the last line break that is not the final character: an anchor must start after it
  let from = 0;
  for (let i = n - 2; i >= 0; i--) if (raw.charCodeAt(i) == 10) { from = i + 1; break; }
  const hash = findUnit(raw, 35, from);
  if (hash < 0) return raw;
  const finalNl = n > 0 && raw.charCodeAt(n - 1) == 10 && hash < n - 1;
  return raw.substring(0, hash) + (finalNl ? "\n" : "");
}

function dirOf(name: string): string {
  const i = findLastUnit(name, 47);
  return i < 0 ? "" : name.substring(0, i + 1);
}

function scan(ctx: ConsistencyCtx, doc: Doc | null, hits: LinkHit[]): void {
  if (doc === null || ctx.unread("CrossReferences", doc)) return;
  const fx = ctx.fx;
  const t = doc.text();
  const links = findLinks(t, (fx & FX2) != 0);
  // FX-1's code spans and blocks: found when the first link that may need them comes (a document
  // without relative links, the usual Tasks file, is never scanned for them)
  const fx1 = (fx & FX1) != 0;
  let code: i32[] | null = null;
  let r = 0;
  const cursor: i32[] = [0, 1];
  for (let i = 0; i < links.targets.length; i++) {
    const raw = links.targets[i];
    const off = links.offsets[i];
    if (at(raw, "http://", 0) || at(raw, "https://", 0) || at(raw, "#", 0)) continue;
    if (fx1) {
      if (code === null) code = codeRanges(t);
      const c = code!;
      while (r < c.length && c[r + 1] <= off) r += 2;
      if (r < c.length && c[r] <= off) continue; // FX-1: inside code
    }
    const shown = dropAnchor(raw);
    const target = (fx & FX2) != 0 ? cleanTarget(raw) : shown;
    if (target.length == 0) continue;
    const q = at(target, "/", 0) ? target : dirOf(doc.name) + target;
    const states = ctx.linkState;
    if (states === null || !states.has(q)) {
      if (!ctx.queried.has(q)) {
        ctx.queried.set(q, "");
        ctx.queries.push(q);
      }
      continue;
    }
    const st = states.get(q);
    if (st == "e") continue;
    hits.push(new LinkHit(doc, lineAt(t, cursor, off), shown, st == "o"));
  }
}

/** The feature's links that are missing or outside, in document (Epic, PRD, Tasks, Plan) and text order; scanned once per feature. */
export function links(ctx: ConsistencyCtx): LinkHit[] {
  const f = ctx.feature;
  let h = f.hits;
  if (h === null) {
    h = [];
    scan(ctx, f.epic, h);
    scan(ctx, f.prd, h);
    scan(ctx, f.tasks, h);
    scan(ctx, f.plan, h);
    f.hits = h;
  }
  return h;
}

/** Report link hit `seq` (CO-008/CO-009), remembering its position for the report order (ConsistencyCtx.orderLinks). */
export function reportLink(ctx: ConsistencyCtx, rule: Rule, seq: i32, message: Msg): void {
  const h = links(ctx)[seq];
  const fs = ctx.results.findings;
  const before = fs.length;
  ctx.report(rule, loc(h.doc, h.line), message);
  if (fs.length > before) {
    ctx.feature.linkAt.push(before);
    ctx.feature.linkSeq.push(seq);
  }
}
