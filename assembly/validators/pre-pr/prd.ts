// PP-012: the PR description against the diff (PRD). Mentions are code spans, bold spans, list
// items and link texts that end in a known extension (with an optional :line[:col]); code spans
// and link texts count as change claims only inside "changes" sections; contextual sections
// (test plan, references, notes, ...) are ignored.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { asciiLower, isDigit } from "../../lib/text";
import { trim, inList } from "./util";

export const PRD02 = defineRule("PRD-02", SEV_ERROR);
function PRD02_doc(): RuleDoc {
  return {
    id: "PRD-02",
    validator: "pre-pr",
    title: "Mentioned, not changed",
    description: "Claimed file not in the diff.",
    messages: {
      namedAsChangedNot: "{{mentions}}: named as changed, not in the diff",
    },
  };
}
export const PRD03 = defineRule("PRD-03", SEV_WARNING);
function PRD03_doc(): RuleDoc {
  return {
    id: "PRD-03",
    validator: "pre-pr",
    title: "Changed, not mentioned",
    description: "Significant file not named.",
    messages: {
      changedNotMentioned: "{{c}}: changed, not mentioned",
    },
  };
}
export const PRD05 = defineRule("PRD-05", SEV_ERROR);
function PRD05_doc(): RuleDoc {
  return {
    id: "PRD-05",
    validator: "pre-pr",
    title: "Sections, checklist",
    description: "Opt-in: ## sections, - [ ] items.",
    messages: {
      missingSection: "Missing section: {{req}}",
      ofItemsUnchecked: "{{openCount}} of {{total}} items unchecked: {{join}}",
    },
  };
}

export const ROLE_PR_BODY: i32 = 5;

// Lists come from the host (facts prd-mention-ext, prd-context, prd-claims; one entry per line).
let EXTS: string[] = [];
let CONTEXT: string[] = [];
let CLAIMS: string[] = [];

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

/** Heading text of a markdown heading line (level >= 1), or null. */
function headingText(line: string): string | null {
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

export function extractMentions(text: string, lines: string[]): string[] {
  const out: string[] = [];
  let skip = false;
  let claim = true; // a body without headings has no context sections
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const t = trim(line);
    if (t.startsWith("```") || t.startsWith("~~~")) {
      fence = !fence;
      continue;
    }
    if (fence) continue;
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

function matches(changed: string, m: string): bool {
  return changed == m || changed.endsWith("/" + m);
}

export function checkPrDescription(input: Input, results: Results, docs: Doc[]): void {
  if (docs.length == 0) return;
  const doc = docs[0];
  let changed = input.factLines("changed");
  if (changed === null) changed = [];
  const sigExt = input.factLines("prd-ext");
  const sigPath = input.factLines("prd-paths");
  const ex = input.factLines("prd-mention-ext");
  const cx = input.factLines("prd-context");
  const cl = input.factLines("prd-claims");
  EXTS = ex === null ? [] : ex;
  CONTEXT = cx === null ? [] : cx;
  CLAIMS = cl === null ? [] : cl;
  const mentions = extractMentions(doc.text(), doc.lines());
  results.put(doc, "mentions", mentions.length.toString());
  for (let i = 0; i < mentions.length; i++) {
    let hit = false;
    for (let k = 0; k < changed.length && !hit; k++) if (matches(changed[k], mentions[i])) hit = true;
    if (!hit) results.report(PRD02, doc, 0, 0, msg("namedAsChangedNot").s("mentions", mentions[i]));
  }
  for (let k = 0; k < changed.length; k++) {
    const c = changed[k];
    const dot = c.lastIndexOf(".");
    if (dot < 0 || sigExt === null || !inList(asciiLower(c.substring(dot)), sigExt)) continue;
    let sig = false;
    if (sigPath !== null) for (let p = 0; p < sigPath.length && !sig; p++) if (c.startsWith(sigPath[p])) sig = true;
    if (!sig) continue;
    let hit = false;
    for (let i = 0; i < mentions.length && !hit; i++) if (matches(c, mentions[i])) hit = true;
    if (!hit) results.report(PRD03, doc, 0, 0, msg("changedNotMentioned").s("c", c));
  }
  const lines = doc.lines();
  const req = input.factLines("prd-sections");
  if (req !== null) {
    for (let r = 0; r < req.length; r++) {
      const want = asciiLower(req[r]);
      let ok = false;
      for (let i = 0; i < lines.length && !ok; i++) {
        const t = lines[i];
        if (!(t.startsWith("## ") || t.startsWith("### "))) continue;
        const h = asciiLower(trim(t.substring(t.indexOf(" "))));
        if (h.startsWith(want)) ok = true;
      }
      if (!ok) results.report(PRD05, doc, 0, 0, msg("missingSection").s("req", req[r]));
    }
  }
  if (input.factBool("prd-checklist", false)) {
    let total = 0;
    const open: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const t = trim(lines[i]);
      if (!(t.startsWith("- [") || t.startsWith("* ["))) continue;
      if (t.startsWith("- [x] ") || t.startsWith("* [x] ") || t.startsWith("- [X] ") || t.startsWith("* [X] ")) total++;
      else if (t.startsWith("- [ ] ") || t.startsWith("* [ ] ")) {
        total++;
        open.push(trim(t.substring(6)));
      }
    }
    if (open.length > 0) {
      results.report(PRD05, doc, 0, 0, msg("ofItemsUnchecked").s("openCount", open.length.toString()).s("total", total.toString()).s("join", open.join("; ")));
    }
  }
}
