// The PR-description model of the pre-pr family "prd" (PRD-*). Mentions are code spans, bold
// spans, list items and link texts that end in a known extension (with an optional :line[:col]);
// code spans and link texts count as change claims only inside "changes" sections; contextual
// sections (test plan, references, notes, ...) are ignored. The lists are PRD-02's options.
import { Doc, Input } from "../../io";
import { asciiLower, isDigit } from "../../lib/text";
import { trim, inList } from "./util";
import { PrePrCtx } from "./ctx";

let EXTS: string[] = [];
let CONTEXT: string[] = [];
let CLAIMS: string[] = [];

/** A list option, lower-cased; `dot`: 1 = with a leading ".", -1 = without, 0 = as given. */
export function listOption(input: Input, key: string, dot: i32): string[] {
  const ls = input.factLines(key);
  const out: string[] = [];
  if (ls === null) return out;
  for (let i = 0; i < ls.length; i++) {
    let v = asciiLower(ls[i]);
    if (dot > 0 && !v.startsWith(".")) v = "." + v;
    else if (dot < 0 && v.startsWith(".")) v = v.substring(1);
    out.push(v);
  }
  return out;
}

function hasExt(p: string): bool {
  const dot = p.lastIndexOf(".");
  if (dot <= 0 || dot == p.length - 1) return false;
  return inList(asciiLower(p.substring(dot + 1)), EXTS);
}

/** Normalised path when `s` is a file mention (no spaces, known extension), else "". */
function mention(s: string): string {
  let t = trim(s);
  // :line or :line:col suffix
  for (let k = 0; k < 2; k++) {
    const c = t.lastIndexOf(":");
    if (c > 0 && c < t.length - 1) {
      let digits = true;
      for (let i = c + 1; i < t.length; i++) if (!isDigit(t.charCodeAt(i))) digits = false;
      if (digits) t = t.substring(0, c);
    }
  }
  if (t.length == 0 || t.indexOf(" ") >= 0 || t.indexOf("\t") >= 0 || t.indexOf("://") >= 0) return "";
  if (!hasExt(t)) return "";
  t = t.replaceAll("\\", "/");
  if (t.startsWith("./")) t = t.substring(2);
  return t;
}

function startsAny(h: string, ws: string[]): bool {
  for (let i = 0; i < ws.length; i++) if (h.startsWith(ws[i])) return true;
  return false;
}

/**
 * Which lines of a PR body are outside fenced blocks (a line starting with ``` or ~~~ opens or closes
 * one, and is itself inside): what PRD-02 reads mentions from and PRD-05 reads sections and checklist
 * items from.
 */
export function outsideFences(lines: string[]): bool[] {
  const out = new Array<bool>(lines.length);
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const t = trim(lines[i]);
    if (t.startsWith("```") || t.startsWith("~~~")) {
      fence = !fence;
      out[i] = false;
    } else out[i] = !fence;
  }
  return out;
}

/** Heading text of a markdown heading line (level >= 1), lower case, leading emoji and punctuation dropped; or null. */
export function headingText(line: string): string | null {
  const t = trim(line);
  let i = 0;
  while (i < t.length && t.charCodeAt(i) == 35) i++;
  if (i == 0 || i > 6 || i < t.length && t.charCodeAt(i) != 32) return null;
  // drop leading emoji / punctuation
  let h = asciiLower(trim(t.substring(i)));
  let k = 0;
  while (k < h.length && !(h.charCodeAt(k) >= 97 && h.charCodeAt(k) <= 122)) k++;
  return h.substring(k);
}

function contextual(h: string): bool {
  // an entry ending in "=" must match the whole heading (e.g. "validation=")
  for (let i = 0; i < CONTEXT.length; i++) {
    const c = CONTEXT[i];
    if (c.endsWith("=") ? h == c.substring(0, c.length - 1) : h.startsWith(c)) return true;
  }
  return false;
}

function claims(h: string): bool {
  return startsAny(h, CLAIMS);
}

function addUnique(out: string[], m: string): void {
  if (m.length > 0 && !inList(m, out)) out.push(m);
}

/** Contents of delimited spans (`x`, **x**) in a line. */
function spans(line: string, open: string, close: string, out: string[]): void {
  let i = 0;
  for (;;) {
    const a = line.indexOf(open, i);
    if (a < 0) return;
    const b = line.indexOf(close, a + open.length);
    if (b < 0) return;
    out.push(line.substring(a + open.length, b));
    i = b + close.length;
  }
}

export function extractMentions(lines: string[]): string[] {
  const out: string[] = [];
  let skip = false;
  let claim = true; // a body without headings has no context sections
  const plain = outsideFences(lines);
  for (let i = 0; i < lines.length; i++) {
    if (!plain[i]) continue;
    const line = lines[i];
    const t = trim(line);
    const h = headingText(line);
    if (h !== null) {
      skip = contextual(h);
      claim = claims(h);
      continue;
    }
    if (skip) continue;
    const found: string[] = [];
    spans(line, "**", "**", found);
    // list item: first token
    if (t.startsWith("- ") || t.startsWith("* ") || t.startsWith("+ ")) {
      let rest = trim(t.substring(2));
      if (!(rest.startsWith("[ ]") || rest.startsWith("[x]") || rest.startsWith("[X]"))) {
        const sp = rest.indexOf(" ");
        let tok = sp >= 0 ? rest.substring(0, sp) : rest;
        while (tok.length > 0 && (tok.endsWith(":") || tok.endsWith(",") || tok.endsWith(";"))) tok = tok.substring(0, tok.length - 1);
        while (tok.length > 0 && (tok.charCodeAt(0) == 96 || tok.charCodeAt(0) == 42)) tok = tok.substring(1);
        while (tok.length > 0 && (tok.endsWith("`") || tok.endsWith("*"))) tok = tok.substring(0, tok.length - 1);
        found.push(tok);
      }
    }
    if (claim) {
      spans(line, "`", "`", found);
      // link texts [x](...) and bare [x]
      let j = 0;
      for (;;) {
        const a = line.indexOf("[", j);
        if (a < 0) break;
        const b = line.indexOf("]", a + 1);
        if (b < 0) break;
        found.push(line.substring(a + 1, b));
        j = b + 1;
      }
    }
    for (let k = 0; k < found.length; k++) addUnique(out, mention(found[k]));
  }
  return out;
}

export function matches(changed: string, m: string): bool {
  return changed == m || changed.endsWith("/" + m);
}

export class PrBody {
  /** The changed files of the branch (fact "changed"). */
  changed: string[];
  mentions: string[];
  constructor(public doc: Doc, input: Input) {
    const ch = input.factLines("changed");
    this.changed = ch === null ? [] : ch;
    EXTS = listOption(input, "option.PRD-02.mentionExtensions", -1);
    CONTEXT = listOption(input, "option.PRD-02.contextSections", 0);
    CLAIMS = listOption(input, "option.PRD-02.claimSections", 0);
    this.mentions = extractMentions(doc.lines());
  }
}

let cachedFor: PrePrCtx | null = null;
let cached: PrBody | null = null;

/** The PR description of this call (its first document) with its mentions, or null. */
export function prBody(ctx: PrePrCtx): PrBody | null {
  if (cachedFor === ctx) return cached;
  cachedFor = ctx;
  cached = ctx.docs.length == 0 ? null : new PrBody(ctx.docs[0], ctx.input);
  if (cached !== null) ctx.results.put(ctx.docs[0], "mentions", cached!.mentions.length.toString());
  return cached;
}
