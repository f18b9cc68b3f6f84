// "Which is the first text (in insertion order) that contains s?" for many queries, in time linear
// in the total text length plus the query length: a suffix automaton over the texts joined by a
// separator, each state keeping the smallest text index among its end positions. Used to resolve
// substring globs (`prd-*F*.md`) for every feature without an O(features x files) scan.

const SEP: i32 = 0xffff; // never part of a query

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
    for (let i = 0; i < s.length; i++) this.extend(s.charCodeAt(i), text);
    this.extend(SEP, text);
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
    if (!this.built) this.finish();
    let p = 0;
    for (let i = 0; i < s.length && p >= 0; i++) p = this.get(p, s.charCodeAt(i));
    if (p < 0) return -1;
    const f = this.first[p];
    return f == 0x7fffffff ? -1 : f;
  }
}
