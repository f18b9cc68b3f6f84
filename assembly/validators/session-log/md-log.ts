// Parsed model of a markdown session log (built once per file) and the run facts the markdown
// rules share: context (pre-commit | ci | local), strict mode, git availability, changed files.
import { Doc, Input, Results } from "../../io";
import { KIND_PROTOCOL } from "../../abi";
import { ChecklistRow, findChecklist, parseRows, headingLevel, findHeading } from "../../lib/mdtable";
import { asciiLower, isHex, isDigit, isSpace, isAlnum, isAlpha, find } from "../../lib/text";
import { SessionCtx } from "./context";
import { normalizePath, isAbsolutePath } from "./paths";

/**
 * What a markdown-log rule receives: the document, its parsed model (built once) and the run's
 * git availability; `skipped` collects the checks that needed git facts (the SP-090 note).
 */
export class MdCtx extends SessionCtx {
  git: bool;
  skipped: string = "";
  constructor(input: Input, results: Results, doc: Doc, public log: MdLog) {
    super(input, results, doc);
    this.git = hasGit(input);
  }
  /** Records a check skipped for lack of git facts (reported once by SP-090). */
  notChecked(what: string): void {
    this.skipped += (this.skipped.length > 0 ? ", " : "") + what;
  }
}

export class MdLog {
  lines: string[];
  startH: i32 = -1;
  startT: i32 = -1;
  endH: i32 = -1;
  endT: i32 = -1;
  start: ChecklistRow[] = [];
  end: ChecklistRow[] = [];
  /** Starting Commit from Session Info (lower case), "" when absent or not 7-40 hex. */
  startSha: string = "";
  /** Ending Commit from Session Info (lower case), "" when absent. */
  endSha: string = "";
  /**
   * Key of the log's changed-file list: the host's "range.<doc>" fact (`<start>..<end>`, the commit
   * range the log describes), else the Starting Commit (`diff.<start>` = start..HEAD, older hosts).
   */
  diffKey: string = "";
  /** Date prefix of the file name (YYYY-MM-DD), "" when absent. */
  date: string = "";
  /** Lines inside fenced code blocks. */
  fenced: bool[] = [];

  constructor(lines: string[], baseName: string) {
    this.lines = lines;
    let r = findChecklist(lines, "session start");
    this.startH = r[0];
    this.startT = r[1];
    r = findChecklist(lines, "session end");
    this.endH = r[0];
    this.endT = r[1];
    this.start = parseRows(lines, this.startT);
    this.end = parseRows(lines, this.endT);
    this.startSha = findStartingCommit(lines);
    this.endSha = findCommitLabel(lines, "ending commit:");
    this.date = datePrefix(baseName);
    const f = new Array<bool>(lines.length);
    let open = false;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      let k = 0;
      while (k < l.length && l.charCodeAt(k) == 32) k++;
      const c = l.charCodeAt(k);
      const fence = (c == 96 || c == 126) && l.charCodeAt(k + 1) == c && l.charCodeAt(k + 2) == c;
      f[i] = open || fence;
      if (fence) open = !open;
    }
    this.fenced = f;
  }

  private lowerCache: string[] | null = null;
  /** Lines lower-cased (ASCII), computed once. */
  lower(): string[] {
    let l = this.lowerCache;
    if (l === null) {
      l = new Array<string>(this.lines.length);
      for (let i = 0; i < this.lines.length; i++) l[i] = asciiLower(this.lines[i]);
      this.lowerCache = l;
    }
    return l;
  }

  /** First row of the table whose Req equals `req` (or any Req when "") and whose step contains `needle`. */
  row(rows: ChecklistRow[], req: string, needle: string): ChecklistRow | null {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if ((req.length == 0 || r.req == req) && asciiLower(r.step).indexOf(needle) >= 0) return r;
    }
    return null;
  }
  qaRow(): ChecklistRow | null {
    return this.row(this.end, "MUST", "route to qa agent");
  }
  commitRow(): ChecklistRow | null {
    return this.row(this.end, "MUST", "commit all changes");
  }

  /** [first, end) line indexes of the section under the first heading containing `needle`. */
  section(needle: string): i32[] {
    const h = findHeading(this.lines, needle, 0);
    if (h < 0) return [-1, -1];
    const lvl = headingLevel(this.lines[h]);
    let e = h + 1;
    while (e < this.lines.length) {
      const l = headingLevel(this.lines[e]);
      if (l > 0 && l <= lvl && !this.fenced[e]) break;
      e++;
    }
    return [h + 1, e];
  }
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

/** Leading run of hex digits of s (after optional backticks); "" unless 7-40 long and word-bounded. */
export function leadingSha(s: string): string {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) == 96) i++;
  let j = i;
  while (j < s.length && isHex(s.charCodeAt(j))) j++;
  const n = j - i;
  if (n < 7 || n > 40) return "";
  if (j < s.length) {
    const c = s.charCodeAt(j);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || isDigit(c)) return "";
  }
  return asciiLower(s.substring(i, j));
}

/** `- **Starting Commit**: <sha>` or `Starting Commit: <sha>` (label case-insensitive). */
export function findStartingCommit(lines: string[]): string {
  return findCommitLabel(lines, "starting commit:");
}

/** The SHA after a `<label>` line (`- **Ending Commit**: <sha>`; label lower case, with its colon). */
export function findCommitLabel(lines: string[], label: string): string {
  const probe = label.substring(1, 6); // "tarti", "nding": lower case in any capitalisation of the label
  for (let i = 0; i < lines.length; i++) {
    if (find(lines[i], probe) < 0) continue;
    let t = lines[i].trim();
    if (t.startsWith("- ") || t.startsWith("* ")) t = t.substring(2).trim();
    t = t.replaceAll("**", "");
    if (asciiLower(t).startsWith(label)) return leadingSha(t.substring(label.length).trim());
  }
  return "";
}

// ---- run facts -------------------------------------------------------------------------------

export function isStrict(input: Input): bool {
  return input.factBool("strict", false);
}
export function runContext(input: Input): string {
  const c = input.fact("context");
  return c === null ? "local" : c;
}
export function isPreCommit(input: Input): bool {
  return runContext(input) == "pre-commit";
}
export function isCI(input: Input): bool {
  return runContext(input) == "ci";
}
export function hasGit(input: Input): bool {
  return input.factBool("git", false);
}
export function factOr(input: Input, name: string, dflt: string): string {
  const v = input.fact(name);
  return v === null || v.length == 0 ? dflt : v;
}

/** Files changed by the session (pre-commit: staged, else diff Starting Commit..HEAD), or null = unknown. */
export function changedFiles(input: Input, log: MdLog): string[] | null {
  if (isPreCommit(input)) {
    const s = input.factLines("staged");
    if (s !== null && s.length > 0) return s;
  }
  if (log.startSha.length == 0) return null;
  return input.factLines("diff." + (log.diffKey.length > 0 ? log.diffKey : log.startSha));
}

// ---- evidence parsing shared by the rules --------------------------------------------------------

/** " (non-checkbox status '<s>')" for a row whose status is not a checkbox (SP-023), else "". */
export function nonBoxNote(r: ChecklistRow): string {
  return r.isBox() ? "" : " (non-checkbox status '" + r.status + "')";
}

/** Text after "Commit SHA:" (case-insensitive), or null when the label is absent. */
export function shaLabel(ev: string): string | null {
  const k = asciiLower(ev).indexOf("commit sha:");
  return k < 0 ? null : ev.substring(k + 11).trim();
}

/** The SHA cited in a commit row's Evidence (lower case), or "". */
export function citedSha(ev: string): string {
  const v = shaLabel(ev);
  return v === null ? "" : leadingSha(v);
}

/** 'skipped:' + optional spaces + kind in the evidence (lower case). */
export function skipClaim(ev: string, kind: string): bool {
  const l = asciiLower(ev);
  let k = l.indexOf("skipped:");
  while (k >= 0) {
    if (l.substring(k + 8).trimStart().startsWith(kind)) return true;
    k = l.indexOf("skipped:", k + 8);
  }
  return false;
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
export function citedPaths(input: Input, log: MdLog): Cited[] {
  const out: Cited[] = [];
  const qaDir = factOr(input, "qa.dir", ".agents/qa");
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

// ---- the canonical protocol (strict template rules SP-005, SP-031, SP-035) ---------------------

let protoDoc: Doc | null = null;
let protoLog: MdLog | null = null;

/** The parsed KIND_PROTOCOL document (.agents/SESSION-PROTOCOL.md), parsed once per run; null when absent. */
export function protocol(input: Input): MdLog | null {
  const p = input.ofKind(KIND_PROTOCOL);
  if (p.length == 0) return null;
  if (protoDoc !== p[0] || protoLog === null) {
    protoDoc = p[0];
    protoLog = new MdLog(p[0].lines(), "");
  }
  return protoLog;
}

/** Path of the protocol document (for messages). */
export function protocolPath(input: Input): string {
  const pd = input.ofKind(KIND_PROTOCOL);
  return pd.length > 0 ? pd[0].name : ".agents/SESSION-PROTOCOL.md";
}

/** The protocol has both checklists (Session Start rows, 3+ Session End rows). */
export function protocolUsable(p: MdLog | null): bool {
  return p !== null && p.start.length > 0 && p.end.length >= 3;
}

/** The log predates the protocol's last change ("protocol.date"): its drift is not compared. */
export function predatesProtocol(input: Input, log: MdLog): bool {
  const since = input.fact("protocol.date");
  return since !== null && log.date.length > 0 && log.date < since!;
}

export function hasMust(rows: ChecklistRow[]): bool {
  for (let i = 0; i < rows.length; i++) if (rows[i].req == "MUST") return true;
  return false;
}

// ---- memory evidence (SP-016) ------------------------------------------------------------------

/** Kebab-case tokens (letter, alnum*, one or more -alnum+ groups), lower-cased, de-duplicated. */
export function memoryNames(ev: string): string[] {
  const out: string[] = [];
  const s = asciiLower(ev);
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    const prev = i > 0 ? s.charCodeAt(i - 1) : 32;
    if (!isAlpha(c) || isAlnum(prev) || prev == 95) { i++; continue; }
    let j = i + 1;
    while (j < n && isAlnum(s.charCodeAt(j))) j++;
    let groups = 0;
    while (j + 1 < n && s.charCodeAt(j) == 45 && isAlnum(s.charCodeAt(j + 1))) {
      j += 2;
      while (j < n && isAlnum(s.charCodeAt(j))) j++;
      groups++;
    }
    const endOk = j >= n || s.charCodeAt(j) != 95;
    if (groups > 0 && endOk) {
      const name = s.substring(i, j);
      if (!out.includes(name)) out.push(name);
    }
    i = j;
  }
  return out;
}

let memInput: Input | null = null;
let memNames: string[] | null = null;

/** The "memories" fact, lower-cased, parsed once per run; null when the host could not list them. */
export function knownMemories(input: Input): string[] | null {
  if (memInput !== input) {
    memInput = input;
    const k = input.factLines("memories");
    if (k !== null) for (let i = 0; i < k.length; i++) k[i] = asciiLower(k[i]);
    memNames = k;
  }
  return memNames;
}

/** Template text left in the memory row's Evidence (empty, "[...]", dashes, "List memories loaded"). */
export function isMemoryPlaceholder(ev: string): bool {
  const t = ev.trim();
  if (t.length == 0 || asciiLower(t) == "list memories loaded") return true;
  if (t.startsWith("[") && t.endsWith("]")) return true;
  return t.replaceAll("-", "").length == 0;
}

/**
 * Where a log's checklist drifts from the protocol's: -1 when they agree, 0 when the row counts
 * differ (`want.length != got.length`), else the index of the first row whose Req|Step differs.
 */
export function driftAt(want: ChecklistRow[], got: ChecklistRow[]): i32 {
  if (want.length != got.length) return 0;
  for (let i = 0; i < want.length; i++) {
    if (want[i].req + "|" + want[i].step != got[i].req + "|" + got[i].step) return i;
  }
  return -1;
}
