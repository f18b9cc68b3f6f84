// SP-111 (full mode): a complete MUST item whose evidence says the work did not happen.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_WARNING, SEV_ERROR } from "../../../abi";
import { asciiLower, isSpace, isDigit, matchesIgnoreCase } from "../../../lib/text";
import { isWordChar, QA_SKIP_DOCS, QA_SKIP_INVESTIGATION } from "./model";
import { JsonCtx } from "./ctx";
import { checklistRows, leveled, reportRowAs } from "./checklist";
import { strAddr } from "../../../lib/mem";

const TOKENS: string[] = ["not available", "skipped", "n/a", "deferred", "will validate", "will run", "todo", "pending", "tbd"];
const AFFIRM: string[] = ["pass", "passed", "passing", "done", "created", "validated", "complete", "completed", "confirmed",
  "verified", "ran", "listed", "used"];
const ADVERBS: string[] = ["yet", "longer", "fully", "really", "currently", "still", "quite"];
const CONTRAST: string[] = ["but", "however", "except", "though", "although"];
const COUNTS: string[] = ["passed", "failed", "xfailed", "xpassed", "error", "errors"];
/** The first word of each token (a token can match only where its first word does). */
const FIRST_WORDS: string[] = firstWords(TOKENS);

function firstWords(ts: string[]): string[] {
  const out: string[] = [];
  for (let t = 0; t < ts.length; t++) {
    const sp = ts[t].indexOf(" ");
    const w = sp < 0 ? ts[t] : ts[t].substring(0, sp);
    if (!out.includes(w)) out.push(w);
  }
  return out;
}


export const SP111 = defineRule("SP-111", SEV_WARNING, check);
function SP111_doc(): RuleDoc {
  return {
    id: "SP-111",
    validator: "session-log",
    title: "Evidence contradicts completion",
    description: "A complete MUST item's evidence does not say skipped, deferred, pending, TODO, TBD, N/A... (with exemptions; error for qaValidation).",
    messages: {
      evidenceContradictionIsComplete: "Evidence contradiction: {{id}} is complete but evidence suggests otherwise: '{{shown}}'",
    },
  };
}

/** End of `tok` matched at i (a space in tok matches a run of white space), or -1. */
function matchAt(s: string, i: i32, tok: string): i32 {
  let p = i;
  for (let k = 0; k < tok.length; k++) {
    const c = tok.charCodeAt(k);
    if (c == 32) {
      if (p >= s.length || !isSpace(s.charCodeAt(p))) return -1;
      while (p < s.length && isSpace(s.charCodeAt(p))) p++;
    } else {
      if (p >= s.length || s.charCodeAt(p) != c) return -1;
      p++;
    }
  }
  return p;
}

function wordAt(s: string, i: i32, tok: string): i32 {
  if (i > 0 && isWordChar(s.charCodeAt(i - 1))) return -1;
  const e = matchAt(s, i, tok);
  if (e < 0 || (e < s.length && isWordChar(s.charCodeAt(e)))) return -1;
  return e;
}

function isWordish(c: i32): bool {
  return isWordChar(c) || c == 39 || c == 0x2019;
}

/** Words (letters, digits, apostrophes) of s[0, end) with their starts. */
function words(s: string, end: i32, out: string[], starts: i32[]): void {
  let i = 0;
  while (i < end) {
    if (!isWordish(s.charCodeAt(i))) { i++; continue; }
    const st = i;
    while (i < end && isWordish(s.charCodeAt(i))) i++;
    out.push(s.substring(st, i));
    starts.push(st);
  }
}

function isNegation(w: string): bool {
  return w == "not" || w == "no" || w == "never" || w.endsWith("n't") || w.endsWith("n\u2019t");
}

function isBoundary(s: string, j: i32): bool {
  const c = s.charCodeAt(j);
  return c == 59 || (c == 46 && (j + 1 == s.length || isSpace(s.charCodeAt(j + 1))));
}

/** deferred/pending in a later clause after a non-negated affirmative word. */
function affirmedEarlier(s: string, i: i32): bool {
  let lb = -1;
  for (let j = i - 1; j >= 0; j--) if (isBoundary(s, j)) { lb = j; break; }
  if (lb < 0) return false;
  let p = lb + 1;
  while (p < i && isSpace(s.charCodeAt(p))) p++;
  let q = p;
  while (q < s.length && isWordChar(s.charCodeAt(q))) q++;
  if (CONTRAST.includes(s.substring(p, q))) return false;
  const ws: string[] = [];
  const st: i32[] = [];
  words(s, lb, ws, st);
  for (let k = 0; k < ws.length; k++) {
    if (!AFFIRM.includes(ws[k])) continue;
    let neg = k > 0 && isNegation(ws[k - 1]);
    if (!neg && k > 1 && ADVERBS.includes(ws[k - 1]) && isNegation(ws[k - 2])) neg = true;
    if (!neg) return true;
  }
  return false;
}

function insideParens(s: string, i: i32): bool {
  let d = 0;
  for (let j = 0; j < i; j++) {
    const c = s.charCodeAt(j);
    if (c == 40) d++;
    else if (c == 41 && d > 0) d--;
  }
  return d > 0;
}

/** `skipped` at i is part of a test tally. */
function isTestCount(s: string, i: i32): bool {
  // "21 skipped" at the start or after , ; :
  let j = i - 1;
  while (j >= 0 && isSpace(s.charCodeAt(j))) j--;
  let k = j;
  while (k >= 0 && (isDigit(s.charCodeAt(k)) || s.charCodeAt(k) == 44)) k--;
  let runStart = k + 1;
  let delim = false;
  while (runStart <= j && s.charCodeAt(runStart) == 44) { runStart++; delim = true; }
  if (runStart <= j && isDigit(s.charCodeAt(j))) {
    let p = runStart - 1;
    while (p >= 0 && isSpace(s.charCodeAt(p))) p--;
    if (delim || p < 0) return true;
    const c = s.charCodeAt(p);
    if (p == runStart - 1 && isWordChar(c)) { /* glued to a word: not a count */ }
    else if (c == 44 || c == 59 || c == 58) return true;
  }
  // same clause (split on ; and line ends) holds "<N> passed|failed|..."
  let a = i;
  while (a > 0 && s.charCodeAt(a - 1) != 59 && s.charCodeAt(a - 1) != 10 && s.charCodeAt(a - 1) != 13) a--;
  let b = i;
  while (b < s.length && s.charCodeAt(b) != 59 && s.charCodeAt(b) != 10 && s.charCodeAt(b) != 13) b++;
  for (let x = a; x < b; x++) {
    for (let w = 0; w < COUNTS.length; w++) {
      const e = wordAt(s, x, COUNTS[w]);
      if (e < 0 || e > b) continue;
      let y = x - 1;
      if (y < a || !isSpace(s.charCodeAt(y))) continue;
      while (y >= a && isSpace(s.charCodeAt(y))) y--;
      if (y >= a && isDigit(s.charCodeAt(y))) return true;
    }
  }
  return false;
}

/**
 * Whether a token's first word starts a word somewhere in `ev` (ASCII case ignored): without one,
 * contradicts() is false, and the evidence is not lower-cased (a copy of most evidence texts).
 */
function mayContradict(ev: string): bool {
  const n = ev.length;
  const p = strAddr(ev);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u16>(p + (<usize>i << 1));
    if (c >= 65 && c <= 90) c += 32;
    // every token starts with one of n s d w t p, at a word start
    if (c != 110 && c != 115 && c != 100 && c != 119 && c != 116 && c != 112) continue;
    if (i > 0 && isWordChar(<i32>load<u16>(p + (<usize>(i - 1) << 1)))) continue;
    for (let t = 0; t < FIRST_WORDS.length; t++) {
      const w = unchecked(FIRST_WORDS[t]);
      if (<i32>load<u16>(strAddr(w)) == c && i + w.length <= n && matchesIgnoreCase(ev, i, w)) return true;
    }
  }
  return false;
}

/** True when the evidence contains a contradicting token that no exemption covers. */
export function contradicts(ev: string): bool {
  if (!mayContradict(ev)) return false;
  const s = asciiLower(ev);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // every token starts with one of n s d w t p, at a word start
    if (c != 110 && c != 115 && c != 100 && c != 119 && c != 116 && c != 112) continue;
    if (i > 0 && isWordChar(s.charCodeAt(i - 1))) continue;
    for (let t = 0; t < TOKENS.length; t++) {
      const tok = TOKENS[t];
      if (<i32>tok.charCodeAt(0) != c || wordAt(s, i, tok) < 0) continue;
      let exempt = false;
      if (tok == "deferred" || tok == "pending") exempt = insideParens(s, i) || affirmedEarlier(s, i);
      else if (tok == "skipped") exempt = isTestCount(s, i);
      if (!exempt) return true;
    }
  }
  return false;
}

function check(ctx: JsonCtx): void {
  const rows = checklistRows(ctx);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!leveled(r) || !r.must || !r.complete) continue;
    const ev = r.evidence;
    if (ev.trim().length == 0) continue; // SP-109
    const isQa = r.key == "qaValidation";
    if (isQa) {
      const t = ev.trim();
      if (t == QA_SKIP_DOCS || t == QA_SKIP_INVESTIGATION) continue;
    }
    if (!contradicts(ev)) continue;
    const shown = ev.length > 200 ? ev.substring(0, 197) + "..." : ev;
    reportRowAs(ctx, ctx.rule, isQa ? SEV_ERROR : SEV_WARNING, r.seq, r.item,
      msg("evidenceContradictionIsComplete").s("id", r.id).s("shown", shown));
  }
}
