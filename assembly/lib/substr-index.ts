// "Which is the first text (in insertion order) that contains s?" for many queries, in time linear
// in the total text length plus the query length: a suffix automaton over the texts joined by a
// separator, each state keeping the smallest text index among its end positions. Used to resolve
// substring globs (`prd-*F*.md`) for every feature without an O(features x files) scan.
// The automaton is built only once plain scans of the joined texts would cost more than building it:
// until the queries have scanned SCAN_BUDGET units, each is answered by a scan of the same joined text
// (the first occurrence; its end lies in the first text containing the query, the automaton's answer),
// so a folder of a few dozen names (issue 39 item 5: three builds per consistency run) never builds it.
import { find } from "./text";

const SEP: i32 = 0xffff; // never part of a query
/** Units of joined text the scans may read in all before the automaton is built instead. */
const SCAN_BUDGET: i32 = 1 << 20;

export class SubstringIndex {
  len: i32[] = [0];
  link: i32[] = [-1];
  first: i32[] = [0x7fffffff];
  head: i32[] = [-1];
  eChar: i32[] = [];
  eTo: i32[] = [];
  eNext: i32[] = [];
  last: i32 = 0;
  built: bool = false;
  /** The texts added (each followed by SEP in `joined`), where each starts there, and their numbers. */
  private parts: string[] = [];
  private starts: i32[] = [];
  private nums: i32[] = [];
  private total: i32 = 0;
  private joined: string | null = null;
  private scanned: i32 = 0;
  private automaton: bool = false;

  private get(p: i32, c: i32): i32 {
    let e = this.head[p];
    while (e >= 0) {
      if (this.eChar[e] == c) return this.eTo[e];
      e = this.eNext[e];
    }
    return -1;
  }

  private set(p: i32, c: i32, to: i32): void {
    let e = this.head[p];
    while (e >= 0) {
      if (this.eChar[e] == c) { this.eTo[e] = to; return; }
      e = this.eNext[e];
    }
    this.eChar.push(c);
    this.eTo.push(to);
    this.eNext.push(this.head[p]);
    this.head[p] = this.eChar.length - 1;
  }

  private state(len: i32, first: i32): i32 {
    this.len.push(len);
    this.link.push(-1);
    this.first.push(first);
    this.head.push(-1);
    return this.len.length - 1;
  }

  private extend(c: i32, text: i32): void {
    const cur = this.state(this.len[this.last] + 1, text);
    let p = this.last;
    while (p >= 0 && this.get(p, c) < 0) {
      this.set(p, c, cur);
      p = this.link[p];
    }
    if (p < 0) this.link[cur] = 0;
    else {
      const q = this.get(p, c);
      if (this.len[p] + 1 == this.len[q]) this.link[cur] = q;
      else {
        const clone = this.state(this.len[p] + 1, 0x7fffffff);
        let e = this.head[q];
        while (e >= 0) {
          this.set(clone, this.eChar[e], this.eTo[e]);
          e = this.eNext[e];
        }
        this.link[clone] = this.link[q];
        while (p >= 0 && this.get(p, c) == q) {
          this.set(p, c, clone);
          p = this.link[p];
        }
        this.link[q] = clone;
        this.link[cur] = clone;
      }
    }
    this.last = cur;
  }

  /** Add text number `text` (texts must be added with increasing numbers). */
  add(s: string, text: i32): void {
    this.parts.push(s);
    this.starts.push(this.total);
    this.nums.push(text);
    this.total += s.length + 1;
  }

  /** The automaton over every text added. */
  private build(): void {
    for (let k = 0; k < this.parts.length; k++) {
      const s = this.parts[k];
      const text = this.nums[k];
      for (let i = 0; i < s.length; i++) this.extend(s.charCodeAt(i), text);
      this.extend(SEP, text);
    }
    this.automaton = true;
  }

  /** find(s) by a scan of the joined texts: the text holding the end of the first occurrence. */
  private scan(s: string): i32 {
    const n = this.nums.length;
    if (n == 0) return -1;
    if (s.length == 0) return this.nums[0];
    let j = this.joined;
    if (j === null) {
      const out = changetype<string>(__new(<usize>this.total << 1, idof<string>()));
      const p = changetype<usize>(out);
      for (let k = 0; k < n; k++) {
        const t = this.parts[k];
        const at = p + (<usize>this.starts[k] << 1);
        memory.copy(at, changetype<usize>(t), <usize>t.length << 1);
        store<u16>(at + (<usize>t.length << 1), <u16>SEP);
      }
      this.joined = out;
      j = out;
    }
    const at = find(j, s);
    if (at < 0) return -1;
    const end = at + s.length - 1;
    // the last text starting at or before `end` (its span includes its SEP)
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= end) lo = mid;
      else hi = mid - 1;
    }
    return this.nums[lo];
  }

  private finish(): void {
    // propagate the smallest text index up the suffix-link tree (states by decreasing length)
    const n = this.len.length;
    let maxLen = 0;
    for (let i = 0; i < n; i++) if (this.len[i] > maxLen) maxLen = this.len[i];
    const count = new Array<i32>(maxLen + 2);
    for (let i = 0; i < n; i++) count[this.len[i] + 1]++;
    for (let i = 1; i <= maxLen + 1; i++) count[i] += count[i - 1];
    const order = new Array<i32>(n);
    for (let i = 0; i < n; i++) order[count[this.len[i]]++] = i;
    for (let k = n - 1; k > 0; k--) {
      const v = order[k];
      const u = this.link[v];
      if (u >= 0 && this.first[v] < this.first[u]) this.first[u] = this.first[v];
    }
    this.built = true;
  }

  /** Index of the first text containing s, or -1. */
  find(s: string): i32 {
    if (!this.automaton && this.scanned + this.total <= SCAN_BUDGET) {
      this.scanned += this.total;
      return this.scan(s);
    }
    if (!this.automaton) this.build();
    if (!this.built) this.finish();
    let p = 0;
    for (let i = 0; i < s.length && p >= 0; i++) p = this.get(p, s.charCodeAt(i));
    if (p < 0) return -1;
    const f = this.first[p];
    return f == 0x7fffffff ? -1 : f;
  }
}
