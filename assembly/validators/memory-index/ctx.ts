// The memory-index model: the directory listing, the options, the discovered indices and their
// entries, and what the root index references. Rules (MI-xxx.ts) read it and report; everything
// that several rules share is computed here once (lazily where only some runs need it).
//
// Input (from the host): one KIND_MEMORY_DIR document (the memory directory; name = its display
// path) and one KIND_MEMORY_FILE document per entry below it (name = path relative to the memory
// directory, forward slashes). Entry flags: bits 0..1 = type (0 regular file, 1 directory,
// 2 symlink, 3 other); bit 2 = content not supplied (the host reported a read problem). A symlink's
// bytes describe its fully resolved target: "f:<rel>" / "d:<rel>" (inside the directory),
// "o" (outside), "b" (dangling or a loop). Top-level `*-index.md` regular files carry their text.
// Facts: layout (reference|current|auto; absent = auto). The orphan rules (MI-015/016/017/103) and
// MI-019 take their severity from their option `level` (warn|error|off; --orphans / --naming).
// Auto: the current layout when any memory file lives in a subfolder (not a dot folder; the move
// into subfolders came 2026-02-16), else the reference layout (efa406e9a: all files top level).
//
// The validator runs its RULES once per unit (see `unit`): each domain index (U_INDEX, `ix` set),
// then the root index (U_ROOT), then the orphan scan (U_ORPHANS). A rule that does not apply to
// the unit returns at once.
import { Doc, Input, Results } from "../../io";
import { Loc, Rule, Msg, RuleCtx } from "../../rules";
import { DOC_CHECKED, DOC_IGNORED, SEV_ERROR, SEV_WARNING } from "../../abi";
import { MI_TYPE_FILE, MI_TYPE_DIR, MI_TYPE_LINK, MI_TYPE_MASK, MI_UNREAD } from "../../abi";
import { compareUnits, findUnit } from "../../lib/text";
import { StrMap } from "../../lib/strmap";

export const T_FILE: i32 = MI_TYPE_FILE;
export const T_DIR: i32 = MI_TYPE_DIR;
export const T_LINK: i32 = MI_TYPE_LINK;
export const F_UNREAD: i32 = MI_UNREAD;

export const R_OK: i32 = 0;
export const R_MISSING: i32 = 1;
export const R_TRAVERSAL: i32 = 2;
export const R_SYMLINK: i32 = 3;

export const U_INDEX: i32 = 0;
export const U_ROOT: i32 = 1;
export const U_ORPHANS: i32 = 2;

export class Entry {
  /** Where the name resolves (R_*), -1 until asked (MiCtx.resolved). */
  r: i32 = -1;
  constructor(public name: string, public keywords: string[], public line: i32) {}
}

/** A line of a domain index that breaks the pure-table format (MI-006..MI-009). */
export class FormatHit {
  constructor(public rule: i32, public line: i32, public text: string) {}
}

export class Index {
  entries: Entry[] = [];
  failed: bool = false;
  /** MI-006..009 hits (lazily: formatHits in lineclass.ts). */
  format: FormatHit[] | null = null;
  /** Keyword uniqueness in hundredths, per row (lazily: density.ts). */
  rowDensity: i32[] | null = null;
  /** Distinct names in first-occurrence order and their uniqueness in hundredths. */
  densityNames: string[] = [];
  densityValues: i32[] = [];
  constructor(public doc: Doc, public domain: string, public skills: bool) {}
}

/** A reference found in the root index (MI-013, MI-014, MI-108). */
export class RootItem {
  constructor(public seq: i32, public line: i32, public name: string, public r: i32) {}
}

/** A rejected link of the root index in the current layout (MI-105). */
export class RootLink {
  constructor(public seq: i32, public line: i32, public image: bool, public dest: string) {}
}

export const ROOT_OK: i32 = 0;
export const ROOT_MISSING: i32 = 1;
export const ROOT_LINK: i32 = 2;
export const ROOT_UNREAD: i32 = 3;

export class RootModel {
  /** Items and links share one sequence: their order in the root index. */
  seq: i32 = 0;
  items: RootItem[] = [];
  links: RootLink[] = [];
  constructor(public state: i32, public doc: Doc | null) {}
}

/** The reference-layout orphan scan's view (MI-015..MI-017): what the skills indices name. */
export class RefScan {
  /** Names listed by any domain index. */
  referenced: StrMap = new StrMap();
  /** domain -> discovery position. */
  domainAt: StrMap = new StrMap();
}

export class MiCtx extends RuleCtx {
  /** Listed entries, sorted by name (binary search instead of a hash map: cheaper for big trees). */
  docs: Doc[] = [];
  indices: Index[] = [];
  /** Top-level index files that are symlinks (never read; MI-108). */
  linkedIndices: Doc[] = [];
  /** Canonical names referenced from the root index (filled with the root model). */
  rootRefs: Map<string, i32> = new Map();
  rootRefList: string[] = [];
  root: RootModel | null = null;
  refScan: RefScan | null = null;
  /** The orphan scan's stem of each listed entry (orphanscan.ts candidateStems), computed once. */
  stems: Array<string | null> | null = null;
  current: bool;
  /** The layout the host asked for: reference | current | auto. */
  requested: string;
  errors: i32 = 0;
  /** What the rules run on now (U_*), and the domain index for U_INDEX. */
  unit: i32 = U_INDEX;
  ix: Index | null = null;
  /**
   * Report order (the reference's): a rule reporting on a root-index item or link sets `seq` to
   * the item's position right before it reports; every finding records it (`order`, parallel to
   * results.findings; reset to 0 after each report)
   * and index.ts puts each unit's findings back in the reference's order.
   */
  seq: i32 = 0;
  order: i32[] = [];
  /** levelSeverity's answer for the rule `levelOf` (the last rule that asked). */
  levelOf: Rule | null = null;
  levelSev: i32 = SEV_WARNING;

  constructor(input: Input, results: Results, public dir: Doc) {
    super(input, results);
    const l = input.fact("layout");
    this.requested = l === null ? "auto" : l;
    this.current = l == "current";
  }

  /** The domain index of this unit, or null when the unit is not a domain index. */
  index(): Index | null {
    return this.unit == U_INDEX ? this.ix : null;
  }

  entry(path: string): Doc | null {
    const ds = this.docs;
    let lo = 0;
    let hi = ds.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareUnits(ds[mid].name, path); // one pass, where == and < compared twice
      if (c == 0) return ds[mid];
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return null;
  }

  /** Report with a severity; -1 (an option set to off) drops the finding. An error fails the domain index it is on. */
  reportAs(rule: Rule, sev: i32, at: Loc, message: Msg): void {
    if (sev < 0) return;
    const doc = at.doc!;
    // errors count at the severity the run's policy reports them (overrides, advisory, strict)
    if (this.results.effective(rule, sev) == SEV_ERROR) {
      this.errors++;
      const ix = this.ix;
      if (ix !== null && ix.doc == doc) ix.failed = true;
    }
    this.results.setDocStatus(doc, DOC_CHECKED);
    super.reportAs(rule, sev, at, message);
    this.order.push(this.seq);
    this.seq = 0;
  }

  /** Where an index entry resolves (computed once per entry). */
  resolved(e: Entry): i32 {
    if (e.r < 0) e.r = this.resolve(e.name);
    return e.r;
  }

  /** Resolve `<name>.md` below the memory directory (lexically, then through listed symlinks). */
  resolve(name: string): i32 {
    const path = name + ".md";
    if (path.startsWith("/") || path.startsWith("\\") || (path.length > 1 && path.charCodeAt(1) == 58)) return R_TRAVERSAL;
    const parts = pathParts(path);
    if (parts === null) return R_TRAVERSAL;
    const stack = parts!;
    let cur = "";
    let t = T_DIR;
    for (let i = 0; i < stack.length; i++) {
      if (t != T_DIR) return R_MISSING;
      cur = cur.length > 0 ? cur + "/" + stack[i] : stack[i];
      const d = this.entry(cur);
      if (d === null) return R_MISSING;
      t = d.flags & MI_TYPE_MASK;
      if (t == T_LINK) {
        if (this.current) return R_SYMLINK;
        const target = d.text();
        if (target == "o") return R_TRAVERSAL;
        if (target.length < 2) return R_MISSING;
        t = target.charCodeAt(0) == 102 ? T_FILE : target.charCodeAt(0) == 100 ? T_DIR : 3;
        cur = target.substring(2);
      }
    }
    return t == T_FILE && stack.length > 0 ? R_OK : R_MISSING;
  }
}

/** The segments of a '/'-separated path with `.` and empty ones dropped and `..` applied; null when it climbs out. */
export function pathParts(path: string): string[] | null {
  const stack: string[] = [];
  for (let from = 0; from <= path.length; ) {
    let to = findUnit(path, 47, from);
    if (to < 0) to = path.length;
    const p = path.substring(from, to);
    from = to + 1;
    if (p.length == 0 || p == ".") continue;
    if (p == "..") {
      if (stack.length == 0) return null;
      stack.pop();
    } else stack.push(p);
  }
  return stack;
}

/**
 * The severity the running rule reports at, from its option `level` (warn | error | off; -1 = off,
 * nothing is reported). Declared on MI-015, MI-016, MI-017, MI-103 (orphans) and MI-019 (naming).
 */
export function levelSeverity(ctx: MiCtx): i32 {
  // the option is looked up once per rule and call (an orphan rule asks once per finding)
  if (ctx.levelOf === ctx.rule) return ctx.levelSev;
  const v = ctx.input.option(ctx.rule, "level");
  const sev = v == "error" ? SEV_ERROR : v == "off" ? -1 : SEV_WARNING;
  ctx.levelOf = ctx.rule;
  ctx.levelSev = sev;
  return sev;
}

/** Mark every listed entry ignored until a finding lands on it. */
export function ignoreAll(ctx: MiCtx, docs: Doc[]): void {
  for (let i = 0; i < docs.length; i++) ctx.results.setDocStatus(docs[i], DOC_IGNORED);
}

/** Python repr of round2 value n/100 (1.0, 0.4, 0.62, 0.05, 0.0). */
export function pyHundredths(n: i32): string {
  if (n >= 100) return "1.0";
  if (n % 10 == 0) return "0." + (n / 10).toString();
  return (n < 10 ? "0.0" : "0.") + n.toString();
}

/** Auto layout detection (see the header): true when the tree is in today's (current) layout. */
export function detectCurrent(entries: Doc[]): bool {
  for (let i = 0; i < entries.length; i++) {
    const d = entries[i];
    const n = d.name;
    const slash = findUnit(n, 47);
    if (slash > 0 && n.charCodeAt(0) != 46 && n.endsWith(".md") && (d.flags & MI_TYPE_MASK) == T_FILE) return true;
  }
  return false;
}

/** Canonical reference: leading "./" removed. */
export function canon(s: string): string {
  while (s.startsWith("./")) s = s.substring(2);
  return s;
}
