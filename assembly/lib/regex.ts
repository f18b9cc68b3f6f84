// A small backtracking regular-expression matcher for JSON-schema `pattern` and
// `patternProperties` (search semantics, like Python's re.search). Supported: literals, `.`,
// classes `[a-z]`/`[^...]`, escapes \d \D \w \W \s \S \b \B and escaped punctuation, groups `(...)`
// and `(?:...)`, alternation, quantifiers * + ? {n} {n,} {n,m} (a trailing `?` is accepted), anchors
// ^ and $ (end of input only, as in ECMA-262 without the m flag, which JSON Schema patterns use: a
// value "1.0\n" does not match ^1\.0$; Python's $ would also match before a final newline). Anything else makes compile()
// return null (the caller treats the schema as invalid). Matching has a step and a depth budget;
// running out counts as "no match", so a hostile pattern can fail a value but never hang or abort.

const N_SET: i32 = 0;
const N_GROUP: i32 = 1;
const N_BOL: i32 = 2;
const N_EOL: i32 = 3;
const N_WORDB: i32 = 4;
const N_NWORDB: i32 = 5;

const INF: i32 = 0x7fffffff;

class RNode {
  type: i32 = N_SET;
  min: i32 = 1;
  max: i32 = 1;
  /** Character ranges (lo, hi pairs) of a set. */
  ranges: i32[] = [];
  neg: bool = false;
  alts: RNode[][] = [];
}

class Cont {
  nodes: RNode[] | null = null;
  idx: i32 = 0;
  next: Cont | null = null;
  rep: RNode | null = null;
  count: i32 = 0;
  start: i32 = 0;
}

/**
 * Continuations are used last-in, first-out: one made for a call is reachable only from the ones
 * made inside that call, so each is taken from this stack (no allocation per group entered; a
 * search used to make thousands of short-lived objects) and handed back when its call returns.
 */
const contPool: Cont[] = [];
let contTop: i32 = 0;

function takeCont(nodes: RNode[] | null, idx: i32, next: Cont | null, rep: RNode | null, count: i32, start: i32): Cont {
  const i = contTop++;
  if (i == contPool.length) contPool.push(new Cont());
  const c = unchecked(contPool[i]);
  c.nodes = nodes;
  c.idx = idx;
  c.next = next;
  c.rep = rep;
  c.count = count;
  c.start = start;
  return c;
}

export class Regex {
  root: RNode[][] = [];
  /** Every alternative starts with ^: only a match at offset 0 is possible. */
  anchored: bool = false;
  /** The root as one group node (made once, reused by every search). */
  wrap: RNode | null = null;
}

class Compiler {
  p: string;
  i: i32 = 0;
  bad: bool = false;
  constructor(p: string) {
    this.p = p;
  }

  alts(): RNode[][] {
    const out: RNode[][] = [];
    out.push(this.seq());
    while (!this.bad && this.i < this.p.length && this.p.charCodeAt(this.i) == 124) {
      this.i++;
      out.push(this.seq());
    }
    return out;
  }

  seq(): RNode[] {
    const out: RNode[] = [];
    const p = this.p;
    while (!this.bad && this.i < p.length) {
      const c = p.charCodeAt(this.i);
      if (c == 124 || c == 41) break;
      let node = new RNode();
      this.i++;
      if (c == 40) {
        if (p.startsWith("?:", this.i)) this.i += 2;
        else if (this.i < p.length && p.charCodeAt(this.i) == 63) { this.bad = true; break; }
        node.type = N_GROUP;
        node.alts = this.alts();
        if (this.i >= p.length || p.charCodeAt(this.i) != 41) { this.bad = true; break; }
        this.i++;
      } else if (c == 91) {
        this.cls(node);
      } else if (c == 94) {
        node.type = N_BOL;
      } else if (c == 36) {
        node.type = N_EOL;
      } else if (c == 46) {
        node.neg = true;
        node.ranges = [10, 10];
      } else if (c == 92) {
        if (this.i >= p.length) { this.bad = true; break; }
        const e = p.charCodeAt(this.i);
        this.i++;
        if (e == 98) node.type = N_WORDB;
        else if (e == 66) node.type = N_NWORDB;
        else if (!escapeInto(node, e)) { this.bad = true; break; }
      } else if (c == 42 || c == 43 || c == 63 || c == 123) {
        this.bad = true; // quantifier without an atom
        break;
      } else {
        node.ranges = [c, c];
      }
      this.quant(node);
      if (node.type != N_SET && node.type != N_GROUP && (node.min != 1 || node.max != 1)) this.bad = true;
      out.push(node);
    }
    return out;
  }

  num(): i32 {
    const p = this.p;
    let n = -1;
    while (this.i < p.length) {
      const c = p.charCodeAt(this.i);
      if (c < 48 || c > 57) break;
      n = (n < 0 ? 0 : n) * 10 + (c - 48);
      if (n > 100000) n = 100000;
      this.i++;
    }
    return n;
  }

  quant(node: RNode): void {
    const p = this.p;
    if (this.i >= p.length) return;
    const c = p.charCodeAt(this.i);
    if (c == 42) { node.min = 0; node.max = INF; this.i++; }
    else if (c == 43) { node.min = 1; node.max = INF; this.i++; }
    else if (c == 63) { node.min = 0; node.max = 1; this.i++; }
    else if (c == 123) {
      this.i++;
      const a = this.num();
      if (a < 0) { this.bad = true; return; }
      let b = a;
      if (this.i < p.length && p.charCodeAt(this.i) == 44) {
        this.i++;
        b = this.num();
        if (b < 0) b = INF;
      }
      if (this.i >= p.length || p.charCodeAt(this.i) != 125 || b < a) { this.bad = true; return; }
      this.i++;
      node.min = a;
      node.max = b;
    } else return;
    if (this.i < p.length && p.charCodeAt(this.i) == 63) this.i++; // lazy: same truth value
  }

  cls(node: RNode): void {
    const p = this.p;
    if (this.i < p.length && p.charCodeAt(this.i) == 94) {
      node.neg = true;
      this.i++;
    }
    let first = true;
    while (true) {
      if (this.i >= p.length) { this.bad = true; return; }
      let c = p.charCodeAt(this.i);
      if (c == 93 && !first) { this.i++; return; }
      first = false;
      this.i++;
      if (c == 92) {
        if (this.i >= p.length) { this.bad = true; return; }
        const e = p.charCodeAt(this.i);
        this.i++;
        const tmp = new RNode();
        if (!escapeInto(tmp, e) || tmp.neg) { this.bad = true; return; }
        if (tmp.ranges.length > 2 || tmp.ranges[0] != tmp.ranges[1]) {
          for (let k = 0; k < tmp.ranges.length; k++) node.ranges.push(tmp.ranges[k]);
          continue;
        }
        c = tmp.ranges[0];
      }
      let hi = c;
      if (this.i + 1 < p.length && p.charCodeAt(this.i) == 45 && p.charCodeAt(this.i + 1) != 93) {
        hi = p.charCodeAt(this.i + 1);
        this.i += 2;
        if (hi == 92) {
          if (this.i >= p.length) { this.bad = true; return; }
          hi = p.charCodeAt(this.i);
          this.i++;
        }
        if (hi < c) { this.bad = true; return; }
      }
      node.ranges.push(c);
      node.ranges.push(hi);
    }
  }
}

const WORD: i32[] = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE: i32[] = [9, 13, 32, 32];

/** Fill a set node for the escape `\e`; false when unsupported. */
function escapeInto(node: RNode, e: i32): bool {
  if (e == 100 || e == 68) { node.ranges = [48, 57]; node.neg = e == 68; }
  else if (e == 119 || e == 87) { node.ranges = WORD.slice(0); node.neg = e == 87; }
  else if (e == 115 || e == 83) { node.ranges = SPACE.slice(0); node.neg = e == 83; }
  else if (e == 110) node.ranges = [10, 10];
  else if (e == 116) node.ranges = [9, 9];
  else if (e == 114) node.ranges = [13, 13];
  else if ((e >= 48 && e <= 57) || (e >= 65 && e <= 90) || (e >= 97 && e <= 122)) return false;
  else node.ranges = [e, e];
  return true;
}

export function compileRegex(p: string): Regex | null {
  const c = new Compiler(p);
  const r = new Regex();
  r.root = c.alts();
  if (c.bad || c.i != p.length) return null;
  let anchored = r.root.length > 0;
  for (let i = 0; i < r.root.length; i++) if (r.root[i].length == 0 || r.root[i][0].type != N_BOL) anchored = false;
  r.anchored = anchored;
  const w = new RNode();
  w.type = N_GROUP;
  w.alts = r.root;
  r.wrap = w;
  return r;
}

const MAX_STEPS: i32 = 200000;
const MAX_DEPTH: i32 = 400;
let steps: i32 = 0;
let depth: i32 = 0;
let exhausted: bool = false;

/** True when the last regexSearch ran out of its step or depth budget without finding a match. */
export function regexExhausted(): bool {
  return exhausted;
}
let subject: string = "";

function inSet(n: RNode, ch: i32): bool {
  const r = n.ranges;
  let hit = false;
  for (let k = 0; k + 1 < r.length; k += 2) {
    if (ch >= r[k] && ch <= r[k + 1]) { hit = true; break; }
  }
  return hit != n.neg;
}

function isWordAt(i: i32): bool {
  if (i < 0 || i >= subject.length) return false;
  const c = subject.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95;
}

function matchSeq(nodes: RNode[], idx: i32, pos: i32, k: Cont | null): bool {
  if (++steps > MAX_STEPS || depth > MAX_DEPTH) {
    exhausted = true;
    return false;
  }
  depth++;
  const ok = matchSeqInner(nodes, idx, pos, k);
  depth--;
  return ok;
}

function matchSeqInner(nodes: RNode[], idx: i32, pos: i32, k: Cont | null): bool {
  if (idx == nodes.length) return k === null ? true : resume(k, pos);
  const n = nodes[idx];
  const t = n.type;
  const len = subject.length;
  if (t == N_SET) {
    let cnt = 0;
    while (cnt < n.max && pos + cnt < len && inSet(n, subject.charCodeAt(pos + cnt))) cnt++;
    for (let c = cnt; c >= n.min; c--) {
      if (matchSeq(nodes, idx + 1, pos + c, k)) return true;
    }
    return false;
  }
  if (t == N_GROUP) {
    const ok = matchGroup(n, 0, pos, takeCont(nodes, idx + 1, k, null, 0, 0));
    contTop--;
    return ok;
  }
  let ok = false;
  if (t == N_BOL) ok = pos == 0;
  else if (t == N_EOL) ok = pos == len;
  else {
    const wb = isWordAt(pos - 1) != isWordAt(pos);
    ok = t == N_WORDB ? wb : !wb;
  }
  return ok && matchSeq(nodes, idx + 1, pos, k);
}

function matchGroup(g: RNode, count: i32, pos: i32, after: Cont): bool {
  if (count < g.max) {
    for (let a = 0; a < g.alts.length; a++) {
      const ok = matchSeq(g.alts[a], 0, pos, takeCont(null, 0, after, g, count + 1, pos));
      contTop--;
      if (ok) return true;
    }
  }
  return count >= g.min && resume(after, pos);
}

function resume(k: Cont, pos: i32): bool {
  const rep = k.rep;
  if (rep !== null) {
    // an iteration that consumed nothing cannot be repeated usefully
    if (pos == k.start && k.count > rep.min) return false;
    return matchGroup(rep, k.count, pos, k.next!);
  }
  return matchSeq(k.nodes!, k.idx, pos, k.next);
}

/** True when the pattern matches somewhere in s (false also when the budget runs out: see regexExhausted). */
/** The empty sequence that ends a match (never modified). */
const END: RNode[] = [];

export function regexSearch(r: Regex, s: string): bool {
  subject = s;
  contTop = 0; // a search is never nested in another
  steps = 0;
  depth = 0;
  exhausted = false;
  const root = r.wrap!;
  const last = r.anchored ? 0 : s.length; // ^ matches at offset 0 only
  for (let start = 0; start <= last; start++) {
    const ok = matchGroup(root, 0, start, takeCont(END, 0, null, null, 0, 0));
    contTop--;
    if (ok) {
      exhausted = false; // a match found is a match, whatever was cut off on the way
      return true;
    }
    if (steps > MAX_STEPS) return false;
  }
  return false;
}
