// A small strict JSON parser (RFC 8259) producing a tree of values that remember where they start.
// Never aborts: every syntax problem becomes a JsonError with the line and column (1-based, in
// UTF-16 code units) where parsing stopped. Nesting deeper than MAX_DEPTH is a syntax error, so
// deep input cannot exhaust the stack. Duplicate object keys: the last value wins and keeps the
// position of the first occurrence (the behaviour of Python's json module).

export const J_NULL: i32 = 0;
export const J_BOOL: i32 = 1;
export const J_NUM: i32 = 2;
export const J_STR: i32 = 3;
export const J_ARR: i32 = 4;
export const J_OBJ: i32 = 5;

export const MAX_DEPTH: i32 = 128;

// Scalars share these (never mutated): saves four allocations per scalar value.
const NO_ITEMS: JValue[] = [];
const NO_KEYS: string[] = [];

export class JValue {
  kind: i32 = J_NULL;
  /** Offset of the value's first character in the source text. */
  pos: i32 = 0;
  b: bool = false;
  n: f64 = 0;
  /** String value, or the literal text of a number. */
  s: string = "";
  /** Array elements, or object values (parallel to keys). */
  items: JValue[] = NO_ITEMS;
  keys: string[] = NO_KEYS;

  constructor(kind: i32, pos: i32) {
    this.kind = kind;
    this.pos = pos;
    if (kind >= J_ARR) {
      this.items = [];
      if (kind == J_OBJ) this.keys = [];
    }
  }

  /** Object member by exact key, or null. */
  get(key: string): JValue | null {
    if (this.kind != J_OBJ) return null;
    const ks = this.keys;
    for (let i = 0; i < ks.length; i++) if (ks[i] == key) return this.items[i];
    return null;
  }
  has(key: string): bool {
    return this.get(key) !== null;
  }
  /** A number literal written without fraction or exponent. */
  isIntLiteral(): bool {
    if (this.kind != J_NUM) return false;
    return this.s.indexOf(".") < 0 && this.s.indexOf("e") < 0 && this.s.indexOf("E") < 0;
  }
  /** Python-style truthiness. */
  truthy(): bool {
    const k = this.kind;
    if (k == J_BOOL) return this.b;
    if (k == J_NUM) return this.n != 0;
    if (k == J_STR) return this.s.length > 0;
    if (k == J_ARR || k == J_OBJ) return this.items.length > 0;
    return false;
  }
}

export class JsonResult {
  value: JValue | null = null;
  /** Empty when the text parsed. */
  error: string = "";
  errorPos: i32 = 0;
}

/** Line starts of a text (CRLF, LF and lone CR end lines), for offset -> line/column. */
export class LineIndex {
  starts: i32[] = [0];
  constructor(t: string) {
    const n = t.length;
    for (let i = 0; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c == 10) this.starts.push(i + 1);
      else if (c == 13) {
        if (i + 1 < n && t.charCodeAt(i + 1) == 10) i++;
        this.starts.push(i + 1);
      }
    }
  }
  /** 1-based line of an offset. */
  line(pos: i32): i32 {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  /** 1-based column of an offset. */
  col(pos: i32): i32 {
    return pos - this.starts[this.line(pos) - 1] + 1;
  }
}

class Parser {
  t: string;
  i: i32 = 0;
  err: string = "";
  errPos: i32 = 0;
  constructor(t: string) {
    this.t = t;
  }

  fail(msg: string, pos: i32): JValue | null {
    if (this.err.length == 0) {
      this.err = msg;
      this.errPos = pos;
    }
    return null;
  }

  ws(): void {
    const t = this.t;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c == 32 || c == 9 || c == 10 || c == 13) this.i++;
      else break;
    }
  }

  peek(): i32 {
    return this.i < this.t.length ? this.t.charCodeAt(this.i) : -1;
  }

  value(depth: i32): JValue | null {
    this.ws();
    const c = this.peek();
    const start = this.i;
    if (c == 123 || c == 91) {
      if (depth >= MAX_DEPTH) return this.fail("Nesting deeper than " + MAX_DEPTH.toString() + " levels", start);
      return c == 123 ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c == 34) {
      const s = this.str();
      if (s === null) return null;
      const v = new JValue(J_STR, start);
      v.s = s;
      return v;
    }
    if (c == 45 || (c >= 48 && c <= 57)) return this.num();
    if (this.word("true")) {
      const v = new JValue(J_BOOL, start);
      v.b = true;
      return v;
    }
    if (this.word("false")) return new JValue(J_BOOL, start);
    if (this.word("null")) return new JValue(J_NULL, start);
    return this.fail("Expecting value", start);
  }

  word(w: string): bool {
    if (this.t.startsWith(w, this.i)) {
      this.i += w.length;
      return true;
    }
    return false;
  }

  digits(): i32 {
    const s = this.i;
    while (this.i < this.t.length) {
      const c = this.t.charCodeAt(this.i);
      if (c < 48 || c > 57) break;
      this.i++;
    }
    return this.i - s;
  }

  num(): JValue | null {
    const start = this.i;
    if (this.peek() == 45) this.i++;
    const first = this.peek();
    const nd = this.digits();
    if (nd == 0) return this.fail("Expecting value", start);
    if (first == 48 && nd > 1) return this.fail("Leading zeros are not allowed in numbers", start);
    if (this.peek() == 46) {
      this.i++;
      if (this.digits() == 0) return this.fail("Expecting digits after the decimal point", this.i);
    }
    const e = this.peek();
    if (e == 101 || e == 69) {
      this.i++;
      const sg = this.peek();
      if (sg == 43 || sg == 45) this.i++;
      if (this.digits() == 0) return this.fail("Expecting digits in the exponent", this.i);
    }
    const v = new JValue(J_NUM, start);
    v.s = this.t.substring(start, this.i);
    v.n = numberValue(v.s);
    return v;
  }

  hex4(): i32 {
    if (this.i + 4 > this.t.length) return -1;
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const c = this.t.charCodeAt(this.i + k);
      let d = -1;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (c >= 97 && c <= 102) d = c - 87;
      else if (c >= 65 && c <= 70) d = c - 55;
      if (d < 0) return -1;
      v = (v << 4) | d;
    }
    this.i += 4;
    return v;
  }

  /** String at this.i (which is a quote); null on error. */
  str(): string | null {
    const t = this.t;
    const start = this.i;
    this.i++;
    let out = "";
    let run = this.i;
    while (true) {
      if (this.i >= t.length) {
        this.fail("Unterminated string (it starts here)", start);
        return null;
      }
      const c = t.charCodeAt(this.i);
      if (c == 34) {
        const whole = run == start + 1; // no escapes: one substring, no concatenation
        const last = t.substring(run, this.i);
        this.i++;
        return whole ? last : out + last;
      }
      if (c < 32) {
        this.fail("Invalid control character in string", this.i);
        return null;
      }
      if (c == 92) {
        out += t.substring(run, this.i);
        const escPos = this.i;
        this.i++;
        const e = this.peek();
        this.i++;
        if (e == 34) out += "\"";
        else if (e == 92) out += "\\";
        else if (e == 47) out += "/";
        else if (e == 98) out += "\b";
        else if (e == 102) out += "\f";
        else if (e == 110) out += "\n";
        else if (e == 114) out += "\r";
        else if (e == 116) out += "\t";
        else if (e == 117) {
          const h = this.hex4();
          if (h < 0) {
            this.fail("Invalid \\uXXXX escape", escPos);
            return null;
          }
          out += String.fromCharCode(h);
        } else {
          this.fail("Invalid \\escape", escPos);
          return null;
        }
        run = this.i;
        continue;
      }
      this.i++;
    }
  }

  array(depth: i32): JValue | null {
    const v = new JValue(J_ARR, this.i);
    this.i++;
    this.ws();
    if (this.peek() == 93) {
      this.i++;
      return v;
    }
    while (true) {
      const item = this.value(depth);
      if (item === null) return null;
      v.items.push(item);
      this.ws();
      const c = this.peek();
      if (c == 44) {
        this.i++;
        this.ws();
        if (this.peek() == 93) return this.fail("Trailing comma before ']'", this.i);
        continue;
      }
      if (c == 93) {
        this.i++;
        return v;
      }
      return this.fail("Expecting ',' delimiter or ']'", this.i);
    }
  }

  object(depth: i32): JValue | null {
    const v = new JValue(J_OBJ, this.i);
    this.i++;
    this.ws();
    if (this.peek() == 125) {
      this.i++;
      return v;
    }
    // duplicate keys: last wins at the first position; big objects use an index (key -> position)
    let index: Map<string, string> | null = null;
    while (true) {
      this.ws();
      if (this.peek() != 34) {
        return this.fail(this.peek() == 125 ? "Trailing comma before '}'" : "Expecting property name enclosed in double quotes", this.i);
      }
      const key = this.str();
      if (key === null) return null;
      this.ws();
      if (this.peek() != 58) return this.fail("Expecting ':' delimiter", this.i);
      this.i++;
      const item = this.value(depth);
      if (item === null) return null;
      // duplicate keys: last wins, first position kept
      let at = -1;
      const ks = v.keys;
      if (index !== null) {
        if (index.has(key)) at = <i32>numberValue(index.get(key));
      } else {
        for (let k = 0; k < ks.length; k++) if (ks[k] == key) { at = k; break; }
      }
      if (at >= 0) v.items[at] = item;
      else {
        if (index === null && ks.length >= 16) {
          index = new Map<string, string>();
          for (let k = 0; k < ks.length; k++) index.set(ks[k], k.toString());
        }
        if (index !== null) index.set(key, ks.length.toString());
        ks.push(key);
        v.items.push(item);
      }
      this.ws();
      const c = this.peek();
      if (c == 44) {
        this.i++;
        continue;
      }
      if (c == 125) {
        this.i++;
        return v;
      }
      return this.fail("Expecting ',' delimiter or '}'", this.i);
    }
  }
}

/** Value of a JSON number literal (plain decimal arithmetic; exact for integers up to 2^53). */
export function numberValue(s: string): f64 {
  let i = 0;
  let neg = false;
  if (s.startsWith("-")) { neg = true; i = 1; }
  let v: f64 = 0;
  let scale = 0;
  let frac = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 46) { frac = true; continue; }
    if (c < 48 || c > 57) break;
    v = v * 10 + <f64>(c - 48);
    if (frac) scale--;
  }
  if (i < s.length) {
    // exponent
    i++;
    let eneg = false;
    if (i < s.length && (s.charCodeAt(i) == 45 || s.charCodeAt(i) == 43)) { eneg = s.charCodeAt(i) == 45; i++; }
    let e = 0;
    for (; i < s.length && e < 100000; i++) e = e * 10 + (s.charCodeAt(i) - 48);
    scale += eneg ? -e : e;
  }
  while (scale > 0 && v < 1e308) { v *= 10; scale--; }
  while (scale < 0 && v != 0) { v /= 10; scale++; }
  if (scale > 0) v = Infinity;
  return neg ? -v : v;
}

/** Parse a whole JSON text (one value, surrounding white space allowed). */
export function parseJson(t: string): JsonResult {
  const p = new Parser(t);
  const r = new JsonResult();
  const v = p.value(0);
  if (v !== null) {
    p.ws();
    if (p.i < t.length) p.fail("Extra data after the JSON value", p.i);
  }
  if (p.err.length > 0) {
    r.error = p.err;
    r.errorPos = p.errPos;
  } else r.value = v;
  return r;
}

/** Name of a value's JSON type (for messages). */
export function jsonTypeName(v: JValue): string {
  const k = v.kind;
  if (k == J_NULL) return "null";
  if (k == J_BOOL) return "boolean";
  if (k == J_NUM) return "number";
  if (k == J_STR) return "string";
  if (k == J_ARR) return "array";
  return "object";
}

/** Short rendering of a value for messages (strings quoted, containers abbreviated). */
export function jsonShort(v: JValue): string {
  const k = v.kind;
  if (k == J_NULL) return "null";
  if (k == J_BOOL) return v.b ? "true" : "false";
  if (k == J_NUM) return v.s;
  if (k == J_STR) {
    const s = v.s.length > 60 ? v.s.substring(0, 57) + "..." : v.s;
    return "'" + s + "'";
  }
  if (k == J_ARR) return v.items.length == 0 ? "[]" : "[...]";
  return v.items.length == 0 ? "{}" : "{...}";
}
