// Memory health (family "mem"): the model of one memory file as upstream's memory checks read it
// (.claude/skills/memory/scripts/test_memory_size.py, scripts/validate_skill_format.py), computed
// once per document and shared by MEM-01..03. Python reads the file with universal newlines (CR LF
// and a lone CR become LF), counts code points, strips fenced code blocks line by line
// (str.splitlines: LF and the other Unicode line breaks) before it counts headings, and matches its
// patterns with re.MULTILINE, where `^` follows an LF only. Linear in the file's length.
import { Doc } from "../../io";
import { PREPR_ROLE_MEMORY, PREPR_ROLE_MEMORY_NEW } from "../../abi";
import { PrePrCtx } from "./ctx";
import { asciiLower, TextBuf } from "../../lib/text";

/** The regex line being joined in memModel (pieces of input-sized count: never `+=`, see TextBuf). */
const lineBuf = new TextBuf();

export class MemModel {
  /** Characters as Python's len() counts them after universal newlines. */
  chars: i32 = 0;
  /** `## ` headings outside fenced code (upstream's skill count). */
  skills: i32 = 0;
  /** Upstream's category heuristic: H1 headings other than toc/overview/..., else distinct H2 prefixes (at least 1). */
  categories: i32 = 0;
  /** Lines matching `^## Skill-[A-Za-z]+-[0-9]+:` anywhere (fences included). */
  bundled: i32 = 0;
}

/** True for the memory files of this call (the roles the host gives them). */
export function isMemory(d: Doc): bool {
  return d.flags == PREPR_ROLE_MEMORY || d.flags == PREPR_ROLE_MEMORY_NEW;
}

/** A domain index by upstream's test (`skills-.*-index\.md$` searched in the path): not a skill file. */
export function isSkillsIndex(path: string): bool {
  const i = path.indexOf("skills-");
  // the `.*` between may be empty; "skills-" and "-index.md" may not overlap (`skills-index.md` is no index)
  return i >= 0 && path.endsWith("-index.md") && path.length - 9 >= i + 7;
}

/** The skill files of this call: memories other than domain indices (MEM-02, MEM-03). */
export function skillFiles(ctx: PrePrCtx): Doc[] {
  const out: Doc[] = [];
  for (let i = 0; i < ctx.docs.length; i++) {
    const d = ctx.docs[i];
    if (isMemory(d) && !isSkillsIndex(d.name)) out.push(d);
  }
  return out;
}

export function baseName(path: string): string {
  return path.substring(path.lastIndexOf("/") + 1);
}

/** Python's str.isspace for one UTF-16 unit (every such character is in the BMP). */
export function pySpace(c: i32): bool {
  return (c >= 9 && c <= 13) || (c >= 28 && c <= 32) || c == 0x85 || c == 0xa0 || c == 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

/** A line break of str.splitlines other than CR (universal newlines removed every CR). */
export function lineBreak(c: i32): bool {
  return c == 10 || c == 11 || c == 12 || c == 28 || c == 29 || c == 30 || c == 0x85 || c == 0x2028 || c == 0x2029;
}

/** Python's str.strip() (whitespace as str.isspace). */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && pySpace(s.charCodeAt(a))) a++;
  while (b > a && pySpace(s.charCodeAt(b - 1))) b--;
  return s.substring(a, b);
}

/** len(s.splitlines()): the lines Python sees, CR LF one break, a last line without its end counted. */
export function pyLineCount(s: string): i32 {
  let n = 0;
  let open = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 13) {
      if (i + 1 < s.length && s.charCodeAt(i + 1) == 10) i++;
      n++;
      open = false;
    } else if (lineBreak(c)) {
      n++;
      open = false;
    } else open = true;
  }
  return open ? n + 1 : n;
}

/** The text with CR LF and lone CR turned into LF (Python's universal newlines). */
export function universal(s: string): string {
  return s.indexOf("\r") < 0 ? s : s.replaceAll("\r\n", "\n").replaceAll("\r", "\n");
}

/** Code points (a surrogate pair counts one). */
export function codePoints(s: string): i32 {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Count of `^## Skill-[A-Za-z]+-[0-9]+:` lines (upstream's SKILL_HEADER_RE, re.MULTILINE). */
function bundledHeaders(t: string): i32 {
  let n = 0;
  let a = 0;
  while (a <= t.length) {
    let b = t.indexOf("\n", a);
    if (b < 0) b = t.length;
    if (t.startsWith("## Skill-", a)) {
      let i = a + 9;
      const l0 = i;
      while (i < b && isAsciiLetter(t.charCodeAt(i))) i++;
      if (i > l0 && i < b && t.charCodeAt(i) == 45) {
        i++;
        const d0 = i;
        while (i < b && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
        if (i > d0 && i < b && t.charCodeAt(i) == 58) n++;
      }
    }
    a = b + 1;
  }
  return n;
}

function isAsciiLetter(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The fence a line opens (`^[ \t]*(`{3,}|~{3,})`): its character and length, packed, or 0. */
function fenceOpen(t: string, a: i32, b: i32): i32 {
  let i = a;
  while (i < b && (t.charCodeAt(i) == 32 || t.charCodeAt(i) == 9)) i++;
  if (i >= b) return 0;
  const c = t.charCodeAt(i);
  if (c != 96 && c != 126) return 0;
  let j = i;
  while (j < b && t.charCodeAt(j) == c) j++;
  return j - i >= 3 ? (c << 16) | (j - i) : 0;
}

/** A line closes the fence: stripped, it is only the fence character, at least `len` of them. */
function fenceClose(t: string, a: i32, b: i32, c: i32, len: i32): bool {
  const s = pyStrip(t.substring(a, b));
  if (s.length < len) return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) != c) return false;
  return true;
}

const EXCLUDED_H1: string[] = ["toc", "table of contents", "overview", "introduction"];

/** The model of a memory's text (see the module comment). */
export function memModel(text: string): MemModel {
  const m = new MemModel();
  const t = universal(text);
  m.chars = codePoints(t);
  m.bundled = bundledHeaders(t);
  // the visible text: splitlines segments outside fences, joined; a regex line of the joined text
  // ends at an LF, so it may span segments that ended in another line break
  let fenceChar = 0;
  let fenceLen = 0;
  const line = lineBuf.reset(); // the regex line being joined (without its LF)
  let h1 = 0;
  const prefixes = new Set<string>();
  let a = 0;
  const n = t.length;
  while (a < n) {
    let b = a;
    while (b < n && !lineBreak(t.charCodeAt(b))) b++;
    const end = b < n ? b + 1 : b; // with its line break
    if (fenceChar != 0) {
      if (fenceClose(t, a, end, fenceChar, fenceLen)) fenceChar = 0;
    } else {
      const f = fenceOpen(t, a, b);
      if (f != 0) {
        fenceChar = f >> 16;
        fenceLen = f & 0xffff;
      } else if (b < n && t.charCodeAt(b) == 10) {
        h1 += heading(line.len == 0 ? t.substring(a, b) : line.addSlice(t, a, b).take(), m, prefixes);
        line.reset();
      } else {
        line.addSlice(t, a, end);
      }
    }
    a = end;
  }
  if (line.len > 0) h1 += heading(line.take(), m, prefixes);
  m.categories = h1 > 0 ? h1 : prefixes.size > 0 ? prefixes.size : 1;
  return m;
}

/** One regex line of the visible text: counts `## ` (skills), returns 1 for a category H1, records H2 prefixes. */
function heading(l: string, m: MemModel, prefixes: Set<string>): i32 {
  if (l.startsWith("## ")) {
    m.skills++;
    if (l.length > 3) {
      // `^([^:-]+)[:-]`: the text before the first ':' or '-', when there is some
      let k = 3;
      while (k < l.length && l.charCodeAt(k) != 58 && l.charCodeAt(k) != 45) k++;
      if (k > 3 && k < l.length) prefixes.add(pyStrip(l.substring(3, k)));
    }
    return 0;
  }
  if (l.startsWith("# ") && l.length > 2) return EXCLUDED_H1.includes(asciiLower(l.substring(2))) ? 0 : 1;
  return 0;
}

let cachedFor: PrePrCtx | null = null;
/** Models by document index (a plain array: no Map instantiation in the module). */
let cached: Array<MemModel | null> = [];

/** The model of document `d` (null when its content is unknown), computed once per call and shared by the MEM rules. */
export function memOf(ctx: PrePrCtx, d: Doc): MemModel | null {
  if (d.unread) return null;
  if (cachedFor !== ctx) {
    cachedFor = ctx;
    cached = [];
  }
  while (cached.length <= d.index) cached.push(null);
  let m = cached[d.index];
  if (m === null) {
    // Python keeps a leading BOM as a character (Doc.text() drops it)
    const bom = d.len >= 3 && load<u8>(d.ptr) == 0xef && load<u8>(d.ptr + 1) == 0xbb && load<u8>(d.ptr + 2) == 0xbf;
    m = memModel(bom ? "\uFEFF" + d.text() : d.text());
    cached[d.index] = m;
  }
  return m;
}
