// Parsed model of a markdown session log (built once per file) and the run facts the markdown
// rules share: context (pre-commit | ci | local), strict mode, git availability, changed files.
import { Doc, Input, Results } from "../../io";
import { KIND_PROTOCOL } from "../../abi";
import { ChecklistRow, findChecklist, parseRows } from "../../lib/mdtable";
import { LineTable, Needles } from "../../lib/lines";
import { firstBadByte } from "../common";
import { asciiLower, isHex, isDigit, isSpace, isAlnum, isAlpha, find, findIgnoreCase, endsWithIgnoreCase, LIST_SEP } from "../../lib/text";
import { SessionCtx } from "./context";
import { msg } from "../../rules";
import { normalizePath, isAbsolutePath, datePrefix } from "./paths";
import { qaDir } from "./qa-scope";
import { bufAddr } from "../../lib/mem";

/**
 * What a markdown-log rule receives: the document, its parsed model (built once) and the run's
 * git availability; `skipped` collects the checks that needed git facts (the SP-090 note).
 */
export class MdCtx extends SessionCtx {
  git: bool;
  skipped: string = "";
  /**
   * The log is validated in creation mode (./mode.ts): the session end is not demanded yet
   * (SP-013/014/015 on Session End rows, an unticked QA row, SP-021, SP-039..SP-042).
   */
  creation: bool = false;
  /**
   * The log is validated in record mode (./mode.ts): a log that already existed, edited or named
   * again. Structure and evidence shape only; no compliance (SP-013/014/015, SP-016, SP-017), no QA
   * binding (SP-037), no agreement with git (SP-021, SP-038..SP-042). docs/session-logs.md "Modes".
   */
  record: bool = false;
  constructor(input: Input, results: Results, doc: Doc, public log: MdLog) {
    super(input, results, doc);
    this.git = hasGit(input);
  }
  /** Records a check skipped for lack of git facts (reported once by SP-090). */
  notChecked(what: string): void {
    this.skipped += (this.skipped.length > 0 ? LIST_SEP : "") + what; // list-valued data (assembly/lib/text.ts)
  }
}

export class MdLog {
  /** The document's line table (spans over its UTF-8 bytes; a line is decoded only when a rule needs its text). */
  lt: LineTable;
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
  /** The paths cited in the checklists (citedPaths), once computed. */
  cited: Cited[] | null = null;

  constructor(lt: LineTable, baseName: string) {
    this.lt = lt;
    let r = findChecklist(lt, "session start");
    this.startH = r[0];
    this.startT = r[1];
    r = findChecklist(lt, "session end");
    this.endH = r[0];
    this.endT = r[1];
    this.start = parseRows(lt, this.startT);
    this.end = parseRows(lt, this.endT);
    commitLabels(this);
    this.date = datePrefix(baseName);
  }

  /** Number of lines. */
  get count(): i32 {
    return this.lt.count;
  }
  /** Line i (0-based) decoded. */
  line(i: i32): string {
    return this.lt.text(i);
  }
  /** Line i is inside a fenced code block (or is a fence). */
  fenced(i: i32): bool {
    return this.lt.fenced(i);
  }

  /** First row of the table whose Req equals `req` (or any Req when "") and whose step contains `needle`. */
  row(rows: ChecklistRow[], req: string, needle: string): ChecklistRow | null {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if ((req.length == 0 || r.req == req) && findIgnoreCase(r.step, needle) >= 0) return r;
    }
    return null;
  }
  private qaDone: bool = false;
  private qaCache: ChecklistRow | null = null;
  private commitDone: bool = false;
  private commitCache: ChecklistRow | null = null;
  qaRow(): ChecklistRow | null {
    if (!this.qaDone) {
      this.qaCache = this.row(this.end, "MUST", "route to qa agent");
      this.qaDone = true;
    }
    return this.qaCache;
  }
  commitRow(): ChecklistRow | null {
    if (!this.commitDone) {
      this.commitCache = this.row(this.end, "MUST", "commit all changes");
      this.commitDone = true;
    }
    return this.commitCache;
  }

  /** [first, end) line indexes of the section under the first heading containing `needle`. */
  section(needle: string): i32[] {
    const lt = this.lt;
    const h = lt.findHeading(needle, 0);
    if (h < 0) return [-1, -1];
    const lvl = lt.level(h);
    let e = h + 1;
    while (e < lt.count) {
      const l = lt.level(e);
      if (l > 0 && l <= lvl && !lt.fenced(e)) break;
      e++;
    }
    return [h + 1, e];
  }
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

/**
 * Line i may read `label` (lower case ASCII) once trimmed, a "- "/"* " item marker dropped and every
 * "**" removed (what labelSha does on the decoded line): a byte pre-check, true when unsure.
 */
function mayHoldLabel(lt: LineTable, i: i32, label: string): bool {
  const e = lt.end(i);
  let k = lt.start(i) + max(lt.firstNonSpace(i), 0);
  if (k < e && lt.byte(k) >= 0x80) return true; // maybe Unicode white space: decode
  if (k + 1 < e && (lt.byte(k) == 45 || lt.byte(k) == 42) && lt.byte(k + 1) == 32) {
    k += 2;
    while (k < e && isSpace(lt.byte(k))) k++;
    if (k < e && lt.byte(k) >= 0x80) return true;
  }
  const m = label.length;
  let j = 0;
  while (j < m) {
    if (k >= e) return false;
    const c = lt.byte(k);
    if (c == 42 && k + 1 < e && lt.byte(k + 1) == 42) {
      k += 2;
      continue;
    }
    if ((c >= 65 && c <= 90 ? c + 32 : c) != label.charCodeAt(j)) return false;
    k++;
    j++;
  }
  return true;
}

/** The SHA of a `<label>` line (`- **Ending Commit**: <sha>`; label lower case, with its colon); null when line i is not one. */
function labelSha(lt: LineTable, i: i32, label: string): string | null {
  if (!mayHoldLabel(lt, i, label)) return null;
  let t = lt.text(i).trim();
  if (t.startsWith("- ") || t.startsWith("* ")) t = t.substring(2).trim();
  t = t.replaceAll("**", "");
  if (asciiLower(t).startsWith(label)) return leadingSha(t.substring(label.length).trim());
  return null;
}

const STARTING = "starting commit:";
const LABEL_NEEDLES = new Needles("tarti", "nding", "", false);
const ENDING = "ending commit:";

/**
 * Starting and Ending Commit of the log, from the first line reading each label (case-insensitive,
 * "- **Starting Commit**: <sha>"). Only lines holding a label's probe as written (its letters 2-6:
 * "tarti", "nding") are candidates; one pass over the text finds both.
 */
function commitLabels(log: MdLog): void {
  const lt = log.lt;
  let haveStart = false;
  let haveEnd = false;
  let at = lt.searchAny(LABEL_NEEDLES, 0);
  while (at >= 0 && !(haveStart && haveEnd)) {
    const i = lt.lineOf(at);
    if (!haveStart && lt.find(i, "tarti") >= 0) {
      const v = labelSha(lt, i, STARTING);
      if (v !== null) {
        log.startSha = v;
        haveStart = true;
      }
    }
    if (!haveEnd && lt.find(i, "nding") >= 0) {
      const v = labelSha(lt, i, ENDING);
      if (v !== null) {
        log.endSha = v;
        haveEnd = true;
      }
    }
    at = lt.searchAny(LABEL_NEEDLES, lt.next(i));
  }
}

// ---- run facts -------------------------------------------------------------------------------

// The run's facts every markdown rule asks for, read once per run (not a Map lookup per rule and log).
let factsOf: i32 = 0; // Input.serial of the call they were read for
let fStrict = false;
let fGit = false;
let fContext = "local";
let fPre = false;
let fCI = false;

function runFacts(input: Input): void {
  if (factsOf == input.serial) return;
  factsOf = input.serial;
  fStrict = input.factBool("strict", false);
  fGit = input.factBool("git", false);
  const c = input.fact("context");
  fContext = c === null ? "local" : c;
  fPre = fContext == "pre-commit";
  fCI = fContext == "ci";
}

export function isStrict(input: Input): bool {
  runFacts(input);
  return fStrict;
}
export function isPreCommit(input: Input): bool {
  runFacts(input);
  return fPre;
}
export function isCI(input: Input): bool {
  runFacts(input);
  return fCI;
}
export function hasGit(input: Input): bool {
  runFacts(input);
  return fGit;
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


/** Text after "Commit SHA:" (case-insensitive), or null when the label is absent. */
export function shaLabel(ev: string): string | null {
  const k = findIgnoreCase(ev, "commit sha:");
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
  // asciiLower(ev).indexOf(asciiLower(qaDir) + "/") without the copies
  const d = qaDir.length;
  let k = findIgnoreCase(ev, qaDir);
  while (k >= 0 && (k + d >= ev.length || ev.charCodeAt(k + d) != 47)) k = findIgnoreCase(ev, qaDir, k + 1);
  if (k < 0) return "";
  let e = k;
  while (e < ev.length && !stop(ev.charCodeAt(e))) e++;
  const p = ev.substring(k, e);
  return endsWithIgnoreCase(p, ".md") ? p : "";
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
  const seen = log.cited;
  if (seen !== null) return seen; // computed once per log (extract and SP-024 both ask)
  const out: Cited[] = [];
  const qa = qaDir(input);
  for (let t = 0; t < 2; t++) {
    const rows = t == 0 ? log.start : log.end;
    for (let i = 0; i < rows.length; i++) {
      const ev = rows[i].evidence;
      const q = qaPath(ev, qa);
      if (q.length > 0) out.push(new Cited(q, rows[i].line));
      let a = find(ev, "`");
      while (a >= 0) {
        const b = find(ev, "`", a + 1);
        if (b < 0) break;
        const tok = ev.substring(a + 1, b);
        if (tok != q && pathLike(tok)) out.push(new Cited(tok, rows[i].line));
        a = find(ev, "`", b + 1);
      }
    }
  }
  log.cited = out;
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
    const d = p[0];
    protoLog = new MdLog(lineTableOf(d), "");
  }
  return protoLog;
}

/**
 * The line table of a document. Session logs reach the rules only when they are valid UTF-8
 * (checkContent); the protocol is not screened, so one that is not valid UTF-8 is read as its
 * decoded text (replacement characters) re-encoded, the lines the String path saw.
 */
export function lineTableOf(d: Doc): LineTable {
  if (firstBadByte(d.ptr, d.len) < 0) return new LineTable(d.ptr, d.len);
  const b = String.UTF8.encode(d.text());
  return new LineTable(bufAddr(b), b.byteLength, b);
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

let memInput: i32 = 0; // Input.serial of the call memNames was read for
let memNames: string[] | null = null;

/** The "memories" fact, lower-cased, parsed once per run; null when the host could not list them. */
export function knownMemories(input: Input): string[] | null {
  if (memInput != input.serial) {
    memInput = input.serial;
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

/**
 * SP-031 (Session Start) and SP-035 (Session End): the first place a log's checklist table drifts
 * from the protocol's, reported by the running rule: a row-count mismatch at the table's header
 * line, else the first differing row (messages rowCountMismatch / rowMismatch of both rules).
 */
export function reportDrift(ctx: MdCtx, name: string, want: ChecklistRow[], got: ChecklistRow[], tableLine: i32): void {
  const at = driftAt(want, got);
  if (at < 0) return;
  const path = protocolPath(ctx.input);
  if (want.length != got.length) {
    ctx.report(ctx.rule, ctx.at(tableLine, 0), msg("rowCountMismatch").s("name", name).i("protocol", want.length).i("session", got.length).s("path", path));
  } else {
    ctx.report(ctx.rule, ctx.at(got[at].line, 0), msg("rowMismatch").s("name", name).i("row", at + 1)
      .s("expected", want[at].req + "|" + want[at].step).s("actual", got[at].req + "|" + got[at].step).s("path", path));
  }
}
