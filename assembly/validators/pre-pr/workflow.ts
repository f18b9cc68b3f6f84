// The workflow model of the pre-pr families "pin" (PIN-01) and "wfs" (WFS-*): a line scanner that
// knows block scalars, list items and indentation (enough for workflow files), and the structure
// facts the WFS rules decide on (top-level keys, jobs and their line ranges). Parsed once per call.
import { decodeList } from "../../lib/list";
import { Doc, Input } from "../../io";
import { indentOf, trim, unquote, stripComment, keyColon, isBlockIndicator } from "./util";
import { checkContent } from "../common";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { PREPR_ROLE_WORKFLOW } from "../../abi";

export class Line {
  constructor(public no: i32, public indent: i32, public key: string, public value: string, public item: bool) {}
}

/** One job of a workflow: its id line and the index range of its lines (after the id line, before the next job). */
export class Job {
  constructor(public line: Line, public from: i32, public to: i32) {}
}

export class Workflow {
  /** Significant lines (blank, comment and block-scalar content lines dropped). */
  lines: Line[] = [];
  /** wfs: the document is text and not empty (else AC-001/AC-002 was reported). */
  content: bool = true;
  /** wfs: the YAML parser's error from the host ("<line>\t<message>"), or null. */
  yamlError: string | null = null;
  /** First significant line (a leading "---" skipped). */
  first: Line | null = null;
  /** Lines neither blank nor comments (block-scalar content counted). */
  significant: i32 = 0;
  hasName: bool = false;
  hasOn: bool = false;
  permsTop: bool = false;
  /** Index in `lines` of the top-level jobs key, or -1. */
  jobsLine: i32 = -1;
  jobs: Job[] = [];
  constructor(public doc: Doc) {}
  isWorkflow(): bool {
    return this.doc.flags == PREPR_ROLE_WORKFLOW;
  }
  /** The top level parsed as a mapping: the structure rules (WFS-02 on) look inside. */
  structured(): bool {
    const f = this.first;
    return this.content && this.yamlError === null && f !== null && !f.item && f.key.length > 0 && f.indent == 0;
  }
  /** jobs: is a block mapping (or {}), so its jobs were read. */
  jobsMapping(): bool {
    if (this.jobsLine < 0) return false;
    const v = this.lines[this.jobsLine].value;
    return v.length == 0 || v == "{}";
  }
}

function scan(doc: Doc): Line[] {
  const ls = doc.lines();
  const out: Line[] = [];
  let blockIndent: i32 = -1;
  for (let i = 0; i < ls.length; i++) {
    const raw = ls[i];
    const t = trim(raw);
    let ind = indentOf(raw);
    if (blockIndent >= 0) {
      if (t.length == 0 || ind > blockIndent) continue;
      blockIndent = -1;
    }
    if (t.length == 0 || t.charCodeAt(0) == 35) continue;
    let c = raw.substring(ind);
    let item = false;
    if (c == "-" || c.startsWith("- ")) {
      item = true;
      const rest = c.substring(1);
      const k = indentOf(rest);
      ind = ind + 1 + k;
      c = rest.substring(k);
    }
    const p = keyColon(c);
    let key = "";
    let value = trim(c);
    if (p >= 0) {
      key = unquote(trim(c.substring(0, p)));
      value = stripComment(c.substring(p + 1));
    }
    out.push(new Line(i + 1, ind, key, value, item));
    if (p >= 0 && isBlockIndicator(value)) blockIndent = ind;
  }
  return out;
}

function yamlError(input: Input, name: string): string | null {
  const ls = input.factLines("yamlErrors");
  if (ls === null) return null;
  // each entry: an encoded list [file, line, message] (lib/list.ts), so any file name round-trips
  for (let i = 0; i < ls.length; i++) {
    const e = decodeList(ls[i]);
    if (e.length >= 3 && e[0] == name) return e[1] + "\t" + e[2];
  }
  return null;
}

function structure(w: Workflow): void {
  const lines = w.lines;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].value == "---" && lines[i].key.length == 0) continue;
    w.first = lines[i];
    break;
  }
  const ls = w.doc.lines();
  for (let i = 0; i < ls.length; i++) {
    const t = trim(ls[i]);
    if (t.length > 0 && t.charCodeAt(0) != 35) w.significant++;
  }
  for (let i = 0; i < lines.length; i++) {
    const ln = lines[i];
    if (ln.indent != 0 || ln.item) continue;
    if (ln.key == "name" && ln.value.length > 0) w.hasName = true;
    else if (ln.key == "on" || ln.key == "true") w.hasOn = true;
    else if (ln.key == "jobs") w.jobsLine = i;
    else if (ln.key == "permissions") w.permsTop = true;
  }
  if (!w.jobsMapping()) return;
  // job ids: the first indentation level below jobs
  let jobIndent: i32 = -1;
  let cur: Job | null = null;
  for (let i = w.jobsLine + 1; i <= lines.length; i++) {
    const end = i == lines.length || lines[i].indent == 0;
    if (end) {
      if (cur !== null) cur.to = i;
      break;
    }
    const ln = lines[i];
    if (jobIndent < 0) jobIndent = ln.indent;
    if (ln.indent == jobIndent && !ln.item && ln.key.length > 0) {
      if (cur !== null) cur.to = i;
      cur = new Job(ln, i + 1, i + 1);
      w.jobs.push(cur);
    }
  }
}

let cachedFor: PrePrCtx | null = null;
let cached: Workflow[] = [];

/** The workflows of this call, scanned once (wfs: content screened, YAML errors attached, structure read). */
export function workflows(ctx: PrePrCtx): Workflow[] {
  if (cachedFor === ctx) return cached;
  const out: Workflow[] = [];
  const wfs = ctx.runs(FAMILY_WFS);
  for (let d = 0; d < ctx.docs.length; d++) {
    const w = new Workflow(ctx.docs[d]);
    out.push(w);
    if (wfs) {
      w.content = checkContent(w.doc, ctx.results); // empty or binary: AC-001 / AC-002
      if (!w.content) continue;
      w.yamlError = yamlError(ctx.input, w.doc.name);
      if (w.yamlError !== null) continue;
    }
    w.lines = scan(w.doc);
    if (wfs) structure(w);
  }
  cachedFor = ctx;
  cached = out;
  return out;
}

/** The line of a YAML error ("<line>\t<message>"). */
export function errorLine(err: string): i32 {
  const tab = err.indexOf("\t");
  let n: i32 = 0;
  for (let i = 0; i < tab; i++) n = n * 10 + (err.charCodeAt(i) - 48);
  return n < 0 ? 0 : n;
}
