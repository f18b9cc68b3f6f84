// Parsed model of a markdown session log (built once per file) and the run facts the markdown
// rules share: context (pre-commit | ci | local), strict mode, git availability, changed files.
import { Input } from "../../io";
import { ChecklistRow, findChecklist, parseRows, headingLevel, findHeading } from "../../lib/mdtable";
import { asciiLower, isHex, isDigit, find } from "../../lib/text";

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
   * Key of the log's changed-file list: the host's "range:<doc>" fact (`<start>..<end>`, the commit
   * range the log describes), else the Starting Commit (`diff:<start>` = start..HEAD, older hosts).
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
  return input.factLines("diff:" + (log.diffKey.length > 0 ? log.diffKey : log.startSha));
}
