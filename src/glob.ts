// Minimal gitignore/globby-style matcher for config globs and ignores (*, **, ?, [..], {a,b}).
// Patterns are relative to the repository root; matching is on forward-slash paths.
//
// Linear time (issue 11): a pattern is compiled once into a Thompson NFA and a path is matched by
// simulating all states at once, so matching costs O(path length x pattern length) whatever the
// pattern (nested braces and stars included); there is no backtracking regular expression. An
// invalid pattern (unclosed brace, reversed range, braces nested deeper than MAX_BRACE_DEPTH) is a
// configuration error (UsageError, exit 2).
import { UsageError } from "./report.js";

type Pred = (c: string) => boolean;
interface CharNode { t: "c"; p: Pred; out: number }
interface SplitNode { t: "s"; a: number; b: number }
interface MatchNode { t: "m" }
type Node = CharNode | SplitNode | MatchNode;

interface Compiled {
  nodes: Node[];
  start: number;
  /** The same answer by string tests for the common shapes (see fastMatcher). */
  fast?: (path: string) => boolean;
}

const SPECIAL = /[*?[\]{}]/;

/**
 * Deepest brace nesting a pattern may have. Compiling recurses once per level (2,000 nested braces
 * overflowed the stack, issue 33) and scans each level's extent, so the bound also keeps compiling
 * linear in the pattern's length.
 */
export const MAX_BRACE_DEPTH = 32;

/**
 * String tests equal to the NFA for the common shapes (a test compares them on generated paths):
 * a literal `L` (the path, or anything under it), `L/**` (anything under L), and `**` + `/R` or
 * `L/**` + `/R` where R is `*S` (a segment after L ends with S) or a name N (a segment after L is N),
 * S and N literal without a slash, or R is `N/**` (a directory N at any depth after L).
 */
function fastMatcher(p: string): ((path: string) => boolean) | undefined {
  if (p.length === 0) return undefined;
  if (!SPECIAL.test(p)) {
    const dir = `${p}/`;
    return (path) => path === p || path.startsWith(dir);
  }
  if (p.endsWith("/**") && p.length > 3 && !SPECIAL.test(p.slice(0, -3))) {
    const dir = p.slice(0, -2);
    return (path) => path.startsWith(dir);
  }
  // "**/R" or "L/**/R": R is "*S" (a segment ends with S) or a name N (a segment is N), S and N literal
  let prefix: string | undefined;
  let rest = "";
  if (p.startsWith("**/")) {
    prefix = "";
    rest = p.slice(3);
  } else {
    const k = p.indexOf("/**/");
    if (k > 0 && !SPECIAL.test(p.slice(0, k))) {
      prefix = p.slice(0, k + 1);
      rest = p.slice(k + 4);
    }
  }
  if (prefix === undefined || rest.length === 0) return undefined;
  // R is "N/**" (a directory N at any depth after L, and anything under it): the NFA's
  // (?:[^/]*/)*N/.* — after L, the rest starts with "N/" or contains "/N/"
  if (rest.endsWith("/**") && rest.length > 3) {
    const name = rest.slice(0, -3);
    if (name.includes("/") || SPECIAL.test(name)) return undefined;
    const pre = prefix;
    const head = `${name}/`;
    const inner = `/${name}/`;
    return (path) => path.startsWith(pre) && (path.startsWith(head, pre.length) || path.indexOf(inner, pre.length) >= 0);
  }
  if (rest.includes("/")) return undefined;
  const star = rest.startsWith("*");
  const lit = star ? rest.slice(1) : rest;
  if (lit.length === 0 || SPECIAL.test(lit)) return undefined;
  const pre = prefix;
  return (path) => {
    if (!path.startsWith(pre)) return false;
    let from = pre.length;
    for (;;) {
      const end = path.indexOf("/", from);
      const seg = end < 0 ? path.slice(from) : path.slice(from, end);
      if (star ? seg.endsWith(lit) : seg === lit) return true;
      if (end < 0) return false;
      from = end + 1;
    }
  };
}

const notSlash: Pred = (c) => c !== "/";
const anyChar: Pred = () => true;

class Builder {
  nodes: Node[] = [];
  /** Placeholder index patched later. */
  add(n: Node): number {
    this.nodes.push(n);
    return this.nodes.length - 1;
  }
}

function invalid(pattern: string, why: string): never {
  throw new UsageError(`invalid glob pattern '${pattern}': ${why}`);
}

function classPred(body: string, pattern: string): Pred {
  let negate = false;
  let i = 0;
  if (body[0] === "!" || body[0] === "^") {
    negate = true;
    i = 1;
  }
  const ranges: [number, number][] = [];
  while (i < body.length) {
    let c = body[i];
    if (c === "\\" && i + 1 < body.length) c = body[++i];
    let lo = c.charCodeAt(0);
    let hi = lo;
    if (body[i + 1] === "-" && i + 2 < body.length) {
      let d = body[i + 2];
      i += 2;
      if (d === "\\" && i + 1 < body.length) d = body[++i];
      hi = d.charCodeAt(0);
      if (hi < lo) invalid(pattern, `range ${c}-${d} is out of order`);
    }
    ranges.push([lo, hi]);
    i++;
  }
  return (ch) => {
    if (ch === "/") return false;
    const k = ch.charCodeAt(0);
    const hit = ranges.some(([a, b]) => k >= a && k <= b);
    return negate ? !hit : hit;
  };
}

/**
 * Compile the pattern's sequence starting at p[i] into a fragment whose exit is `out`. Returns the
 * fragment's entry and the index after the sequence (at a ',' or '}' that closes a brace, or end).
 * Built back to front so every node's successor already exists.
 */
function compileSeq(b: Builder, p: string, i: number, depth: number, out: number, pattern: string): { entry: number; end: number } {
  // first split the sequence into items (front to back), then chain them back to front
  const items: ((next: number) => number)[] = [];
  while (i < p.length) {
    const c = p[i];
    if (depth > 0 && (c === "," || c === "}")) break;
    if (c === "*") {
      if (p[i + 1] === "*") {
        const slashAfter = p[i + 2] === "/";
        const atStart = i === 0 || p[i - 1] === "/";
        if (atStart && slashAfter) {
          // (?:[^/]*/)*
          items.push((next) => {
            const loop = b.add({ t: "s", a: -1, b: next });
            const inner = b.add({ t: "s", a: -1, b: -1 });
            const seg = b.add({ t: "c", p: notSlash, out: inner });
            const slash = b.add({ t: "c", p: (x) => x === "/", out: loop });
            (b.nodes[loop] as SplitNode).a = inner;
            (b.nodes[inner] as SplitNode).a = seg;
            (b.nodes[inner] as SplitNode).b = slash;
            return loop;
          });
          i += 3;
          continue;
        }
        if (atStart && i + 2 === p.length) {
          items.push((next) => star(b, anyChar, next));
          i += 2;
          continue;
        }
        items.push((next) => star(b, notSlash, next));
        i += 2;
        continue;
      }
      items.push((next) => star(b, notSlash, next));
      i++;
    } else if (c === "?") {
      items.push((next) => b.add({ t: "c", p: notSlash, out: next }));
      i++;
    } else if (c === "[") {
      const end = p.indexOf("]", i + 1);
      if (end < 0) {
        items.push((next) => b.add({ t: "c", p: (x) => x === "[", out: next }));
        i++;
      } else {
        const pred = classPred(p.slice(i + 1, end), pattern);
        items.push((next) => b.add({ t: "c", p: pred, out: next }));
        i = end + 1;
      }
    } else if (c === "{") {
      if (depth >= MAX_BRACE_DEPTH) invalid(pattern, `braces nested deeper than ${MAX_BRACE_DEPTH} levels`);
      // alternatives: compile each against the same exit (resolved when chaining)
      const start = i + 1;
      // find the alternatives' extents by a dry scan of nesting
      const alts: [number, number][] = [];
      let d = 0;
      let from = start;
      let j = start;
      for (; j < p.length; j++) {
        const x = p[j];
        if (x === "[") {
          const e = p.indexOf("]", j + 1);
          if (e > 0) j = e;
        } else if (x === "{") d++;
        else if (x === "}") {
          if (d === 0) break;
          d--;
        } else if (x === "," && d === 0) {
          alts.push([from, j]);
          from = j + 1;
        }
      }
      if (j >= p.length) invalid(pattern, "unclosed '{'");
      alts.push([from, j]);
      items.push((next) => {
        const entries = alts.map(([a]) => compileSeq(b, p, a, depth + 1, next, pattern).entry);
        let entry = entries[entries.length - 1];
        for (let k = entries.length - 2; k >= 0; k--) entry = b.add({ t: "s", a: entries[k], b: entry });
        return entry;
      });
      i = j + 1;
    } else {
      items.push((next) => b.add({ t: "c", p: (x) => x === c, out: next }));
      i++;
    }
  }
  let entry = out;
  for (let k = items.length - 1; k >= 0; k--) entry = items[k](entry);
  return { entry, end: i };
}

function star(b: Builder, pred: Pred, next: number): number {
  const loop = b.add({ t: "s", a: -1, b: next });
  const one = b.add({ t: "c", p: pred, out: loop });
  (b.nodes[loop] as SplitNode).a = one;
  return loop;
}

const cache = new Map<string, Compiled>();

export function compileGlob(pattern: string): Compiled {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let p = pattern.replace(/\\/g, "/");
  if (p.startsWith("./")) p = p.slice(2);
  if (p.startsWith("/")) p = p.slice(1);
  const b = new Builder();
  const match = b.add({ t: "m" });
  // a pattern naming a directory also matches what is inside it: (?:/.*)?
  const rest = star(b, anyChar, match);
  const slash = b.add({ t: "c", p: (x) => x === "/", out: rest });
  const tail = b.add({ t: "s", a: match, b: slash });
  const { entry } = compileSeq(b, p, 0, 0, tail, pattern);
  const c: Compiled = { nodes: b.nodes, start: entry, fast: fastMatcher(p) };
  cache.set(pattern, c);
  return c;
}

/** Does the whole path match the pattern? O(path length x pattern size). */
export function globMatch(pattern: string, path: string): boolean {
  const c = compileGlob(pattern);
  return c.fast ? c.fast(path) : nfaMatch(c, path);
}

/** The NFA alone (no string fast path): for the test that compares the two. */
export function globMatchNfa(pattern: string, path: string): boolean {
  return nfaMatch(compileGlob(pattern), path);
}

function nfaMatch({ nodes, start }: Compiled, path: string): boolean {
  const mark = new Int32Array(nodes.length).fill(-1);
  let cur: number[] = [];
  let gen = 0;
  const add = (list: number[], s: number) => {
    const stack = [s];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (mark[n] === gen) continue;
      mark[n] = gen;
      const node = nodes[n];
      if (node.t === "s") {
        stack.push(node.b, node.a);
      } else list.push(n);
    }
  };
  add(cur, start);
  for (const ch of path) {
    gen++;
    const next: number[] = [];
    for (const n of cur) {
      const node = nodes[n];
      if (node.t === "c" && node.p(ch)) add(next, node.out);
    }
    cur = next;
    if (cur.length === 0) return false;
  }
  return cur.some((n) => nodes[n].t === "m");
}

export function matchesAny(path: string, patterns: string[]): boolean {
  return patterns.some((g) => globMatch(g, path));
}

/** Apply a globby-style list (positive patterns select, "!" patterns exclude; later wins). */
export function selectedByGlobs(path: string, globs: string[]): boolean {
  let sel = false;
  for (const g of globs) {
    if (g.startsWith("!")) {
      if (globMatch(g.slice(1), path)) sel = false;
    } else if (globMatch(g, path)) sel = true;
  }
  return sel;
}

/** Throws a UsageError (configuration error, exit 2) naming the first invalid glob of a list and where it is configured. */
export function validateGlobs(patterns: readonly string[] | undefined, where: string): void {
  for (const g of patterns ?? []) {
    try {
      compileGlob(g.startsWith("!") ? g.slice(1) : g);
    } catch (e) {
      throw new UsageError(`${where}: ${(e as Error).message}`);
    }
  }
}

/** A markdown file by its name (`.md`, `.markdown`, any case): the one test every command uses. */
export function isMarkdown(path: string): boolean {
  return /\.(md|markdown)$/i.test(path);
}
