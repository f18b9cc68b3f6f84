// A compact JSON-schema (draft-07 subset) interpreter driven by schema text. Supported keywords:
// $ref (local JSON pointers), type, enum, const, minimum, maximum, exclusiveMinimum,
// exclusiveMaximum, minLength, maxLength, pattern, format (date-time, date), items, minItems,
// maxItems, required, properties, patternProperties, additionalProperties, allOf, anyOf, oneOf, not.
// Other validation keywords are listed by unsupportedKeywords() so the caller can say they were
// not checked. Annotations (title, description, examples, $id, $schema, default) are ignored.
import { JValue, J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ, jsonShort } from "../../../lib/json";
import { Regex, compileRegex, regexSearch, regexExhausted } from "../../../lib/regex";
import { txt } from "../../../lib/texts";

export class SchemaError {
  constructor(public key: string, public path: string, public message: string, public pos: i32, public seq: i32) {}
}

// Keyword codes: KW.indexOf(keyword). From K_UNSUPPORTED on: draft-07 keywords not checked.
const KW: string[] = [
  "type", "enum", "const", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum",
  "minLength", "maxLength", "minItems", "maxItems", "pattern", "format", "items", "required",
  "properties", "patternProperties", "additionalProperties", "allOf", "anyOf", "oneOf", "not", "$ref",
  "definitions", "$defs",
  "multipleOf", "uniqueItems", "contains", "additionalItems", "minProperties", "maxProperties",
  "propertyNames", "dependencies", "if", "then", "else",
];
const K_TYPE = 0, K_ENUM = 1, K_CONST = 2, K_MINIMUM = 3, K_EXCL_MINIMUM = 4, K_EXCL_MAXIMUM = 6;
const K_MIN_LENGTH = 7, K_MAX_LENGTH = 8, K_MIN_ITEMS = 9, K_MAX_ITEMS = 10, K_PATTERN = 11, K_FORMAT = 12;
const K_ITEMS = 13, K_REQUIRED = 14, K_PROPERTIES = 15, K_PATTERN_PROPERTIES = 16, K_ADDITIONAL = 17;
const K_ALLOF = 18, K_ANYOF = 19, K_ONEOF = 20, K_NOT = 21, K_REF = 22, K_DEFINITIONS = 23, K_UNSUPPORTED = 25;
/** Root properties that record mode removes from the root `required` list (SP-120). */
export const RECORD_RELAXED: string[] = ["schemaVersion", "workLog", "endingCommit", "nextSteps"];
const MAX_CALL_DEPTH: i32 = 100;

function isInt(v: JValue): bool {
  return v.kind == J_NUM && Math.floor(v.n) == v.n && Number.isFinite(v.n);
}

function codePoints(s: string): i32 {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const p = s.charCodeAt(i - 1);
      if (p >= 0xd800 && p <= 0xdbff) n--;
    }
  }
  return n;
}

function d2(s: string, i: i32): i32 {
  if (i + 2 > s.length) return -1;
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return a * 10 + b;
}

/** YYYY-MM-DD with a real calendar day. */
export function isDate(s: string): bool {
  if (s.length != 10 || s.charCodeAt(4) != 45 || s.charCodeAt(7) != 45) return false;
  const y1 = d2(s, 0);
  const y2 = d2(s, 2);
  const m = d2(s, 5);
  const d = d2(s, 8);
  if (y1 < 0 || y2 < 0 || m < 1 || m > 12 || d < 1) return false;
  const y = y1 * 100 + y2;
  let dim = 31;
  if (m == 4 || m == 6 || m == 9 || m == 11) dim = 30;
  else if (m == 2) dim = (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
  return d <= dim;
}

/** RFC 3339 date-time with an explicit offset (Z or +hh:mm / -hh:mm). */
export function isDateTime(s: string): bool {
  if (s.length < 20 || !isDate(s.substring(0, 10))) return false;
  const t = s.charCodeAt(10);
  if (t != 84 && t != 116) return false;
  const hh = d2(s, 11);
  const mi = d2(s, 14);
  const ss = d2(s, 17);
  if (s.charCodeAt(13) != 58 || s.charCodeAt(16) != 58 || hh < 0 || hh > 23 || mi < 0 || mi > 59 || ss < 0 || ss > 60) return false;
  let i = 19;
  if (s.charCodeAt(i) == 46) {
    i++;
    const f = i;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i == f) return false;
  }
  if (i >= s.length) return false;
  const z = s.charCodeAt(i);
  if (z == 90 || z == 122) return i + 1 == s.length;
  if (z != 43 && z != 45) return false;
  const oh = d2(s, i + 1);
  const om = d2(s, i + 4);
  return i + 6 == s.length && s.charCodeAt(i + 3) == 58 && oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}

function pad10(n: i32): string {
  let s = n.toString();
  while (s.length < 10) s = "0" + s;
  return s;
}

export class Schema {
  root: JValue;
  rxSrc: string[] = [];
  rxVal: Array<Regex | null> = [];
  errors: SchemaError[] = [];
  /** Checks that hit the regex engine's budget (reported as AC-904, never as a mismatch). */
  limits: SchemaError[] = [];
  /** Set by check(): why the schema is not usable (empty = fine). */
  invalid: string = "";
  unsupported: string[] = [];
  relaxRoot: bool = false;
  depth: i32 = 0;
  /** > 0 inside quiet(): only whether a value is valid matters, so no message or path is built. */
  quietDepth: i32 = 0;
  quietFailed: bool = false;
  /** Keyword codes of each schema object's members (KW indices), computed once per object. */
  kwCache: Map<usize, StaticArray<i32>> = new Map<usize, StaticArray<i32>>();

  /** The same, by node index of the schema document (no hashing on the hot path). */
  kwByNode: StaticArray<StaticArray<i32> | null> | null = null;

  codes(s: JValue): StaticArray<i32> {
    if (s.doc === this.root.doc) {
      let t = this.kwByNode;
      if (t === null) {
        t = new StaticArray<StaticArray<i32> | null>(s.doc.count);
        this.kwByNode = t;
      }
      const hit = unchecked(t[s.id]);
      if (hit !== null) return hit;
      const made = this.codesOf(s);
      unchecked((t[s.id] = made));
      return made;
    }
    const key = changetype<usize>(s);
    if (this.kwCache.has(key)) return this.kwCache.get(key);
    const out = this.codesOf(s);
    this.kwCache.set(key, out);
    return out;
  }

  codesOf(s: JValue): StaticArray<i32> {
    const out = new StaticArray<i32>(s.keys.length);
    for (let i = 0; i < s.keys.length; i++) out[i] = KW.indexOf(s.keys[i]);
    return out;
  }

  constructor(root: JValue) {
    this.root = root;
  }

  /** The member of schema object `s` with keyword code `code` (its codes()), or null. */
  member(s: JValue, codes: StaticArray<i32>, code: i32): JValue | null {
    for (let i = 0; i < codes.length; i++) if (unchecked(codes[i]) == code) return s.items[i];
    return null;
  }

  regex(p: string): Regex | null {
    const i = this.rxSrc.indexOf(p);
    if (i >= 0) return this.rxVal[i];
    const r = compileRegex(p);
    this.rxSrc.push(p);
    this.rxVal.push(r);
    return r;
  }

  /** Resolved references by reference text. */
  refCache: Map<string, JValue | null> = new Map<string, JValue | null>();

  /** Resolve a local reference ("#", "#/definitions/x": object members only); null when it does not. */
  resolve(ref: string): JValue | null {
    if (this.refCache.has(ref)) return this.refCache.get(ref);
    const r = this.resolveUncached(ref);
    this.refCache.set(ref, r);
    return r;
  }

  /** resolve() of a `$ref` value, cached by its node index in the schema document (no hashing). */
  refByNode: StaticArray<JValue | null> | null = null;
  refDone: StaticArray<bool> | null = null;
  resolveNode(ref: JValue): JValue | null {
    if (ref.doc !== this.root.doc) return this.resolve(ref.s);
    let tab = this.refByNode;
    let done = this.refDone;
    if (tab === null || done === null) {
      tab = new StaticArray<JValue | null>(ref.doc.count);
      done = new StaticArray<bool>(ref.doc.count);
      this.refByNode = tab;
      this.refDone = done;
    }
    if (unchecked(done[ref.id])) return unchecked(tab[ref.id]);
    const r = this.resolve(ref.s);
    unchecked((tab[ref.id] = r));
    unchecked((done[ref.id] = true));
    return r;
  }

  resolveUncached(ref: string): JValue | null {
    if (ref == "#") return this.root;
    if (!ref.startsWith("#/") || ref.indexOf("~") >= 0) return null;
    let cur: JValue | null = this.root;
    let a = 2;
    while (cur !== null && a <= ref.length) {
      let b = ref.indexOf("/", a);
      if (b < 0) b = ref.length;
      cur = cur.get(ref.substring(a, b));
      a = b + 1;
    }
    return cur;
  }

  // ---- schema validity (run once before validating) ----

  /** Validate the schema itself; returns false and sets `invalid` when it is unusable. */
  check(): bool {
    this.checkNode(this.root, "(root)", 0);
    return this.invalid.length == 0;
  }

  bad(where: string, what: string): void {
    if (this.invalid.length == 0) this.invalid = where + ": " + what;
  }

  checkNode(s: JValue, where: string, depth: i32): void {
    if (this.invalid.length > 0) return;
    if (depth > 64) { this.bad(where, txt("nested too deeply")); return; }
    if (s.kind == J_BOOL) return;
    if (s.kind != J_OBJ) { this.bad(where, txt("a schema must be an object or a boolean")); return; }
    for (let i = 0; i < s.keys.length; i++) {
      const k = s.keys[i];
      const v = s.items[i];
      const c = KW.indexOf(k);
      const at = where + "." + k;
      let ok = true;
      if (c >= K_UNSUPPORTED && !this.unsupported.includes(k)) this.unsupported.push(k);
      if (c == K_TYPE) {
        ok = v.kind == J_STR ? typeOk(v.s) : v.kind == J_ARR && v.items.length > 0;
        if (v.kind == J_ARR) for (let j = 0; j < v.items.length; j++) if (v.items[j].kind != J_STR || !typeOk(v.items[j].s)) ok = false;
      } else if (c == K_PROPERTIES || c == K_PATTERN_PROPERTIES || c >= K_DEFINITIONS && c < K_UNSUPPORTED) {
        ok = v.kind == J_OBJ;
        for (let j = 0; ok && j < v.keys.length; j++) {
          if (c == K_PATTERN_PROPERTIES && this.regex(v.keys[j]) === null) ok = false;
          this.checkNode(v.items[j], at + "." + v.keys[j], depth + 1);
        }
      } else if (c == K_REQUIRED || c == K_ENUM) {
        ok = v.kind == J_ARR;
        if (c == K_REQUIRED) for (let j = 0; ok && j < v.items.length; j++) ok = v.items[j].kind == J_STR;
      } else if (c == K_ITEMS && v.kind == J_ARR) {
        for (let j = 0; j < v.items.length; j++) this.checkNode(v.items[j], at, depth + 1);
      } else if (c == K_ITEMS || c == K_ADDITIONAL || c == K_NOT) {
        this.checkNode(v, at, depth + 1);
      } else if (c >= K_ALLOF && c <= K_ONEOF) {
        ok = v.kind == J_ARR && v.items.length > 0;
        for (let j = 0; ok && j < v.items.length; j++) this.checkNode(v.items[j], at, depth + 1);
      } else if (c >= K_MINIMUM && c <= K_EXCL_MAXIMUM) {
        ok = v.kind == J_NUM;
      } else if (c >= K_MIN_LENGTH && c <= K_MAX_ITEMS) {
        ok = isInt(v) && v.n >= 0;
      } else if (c == K_PATTERN) {
        ok = v.kind == J_STR && this.regex(v.s) !== null;
      } else if (c == K_FORMAT) {
        ok = v.kind == J_STR;
      } else if (c == K_REF) {
        ok = v.kind == J_STR && this.resolve(v.s) !== null;
      }
      if (!ok) this.bad(at, txt("invalid or unsupported value ") + jsonShort(v));
    }
  }

  // ---- instance validation ----

  /**
   * Instance path of the value being validated: the member values (their key names are decoded only
   * when a message needs the path), or array indices (segIdx >= 0).
   */
  segs: JValue[] = [];
  segIdx: i32[] = [];

  push(v: JValue, idx: i32): void {
    this.segs.push(v);
    this.segIdx.push(idx);
  }

  segName(i: i32): string {
    const ix = this.segIdx[i];
    return ix >= 0 ? ix.toString() : this.segs[i].keyName();
  }
  pop(): void {
    this.segs.pop();
    this.segIdx.pop();
  }

  limit(msg: string, inst: JValue): void {
    let path = "";
    for (let i = 0; i < this.segs.length; i++) path += (i > 0 ? "." : "") + this.segName(i);
    this.limits.push(new SchemaError("", path.length == 0 ? "(root)" : path, msg, inst.pos, this.limits.length));
  }

  err(msg: string, inst: JValue): void {
    if (this.quietDepth > 0) {
      this.quietFailed = true;
      return;
    }
    // sort key: names after "\0", indices after "\0\1" zero-padded, so indices sort numerically
    let key = "";
    let path = "";
    for (let i = 0; i < this.segs.length; i++) {
      const ix = this.segIdx[i];
      const name = this.segName(i);
      key += ix >= 0 ? "\u0000\u0001" + pad10(ix) : "\u0000" + name;
      path += (i > 0 ? "." : "") + name;
    }
    this.errors.push(new SchemaError(key, path.length == 0 ? "(root)" : path, msg, inst.pos, this.errors.length));
  }

  /** Validate `inst` against the whole schema; errors are collected (unsorted) in `errors`. */
  run(inst: JValue, relaxRoot: bool): void {
    this.relaxRoot = relaxRoot;
    this.validate(inst, this.root, true);
  }

  /** True when `inst` is valid under `s` (errors discarded). */
  quiet(inst: JValue, s: JValue): bool {
    const savedFailed = this.quietFailed;
    this.quietFailed = false;
    this.quietDepth++;
    this.validate(inst, s, false);
    this.quietDepth--;
    const ok = !this.quietFailed;
    this.quietFailed = savedFailed;
    return ok;
  }

  validate(inst: JValue, s: JValue, atRoot: bool): void {
    if (s.kind == J_BOOL) {
      if (!s.b) this.err(txt("no value is allowed here (false schema)"), inst);
      return;
    }
    if (s.kind != J_OBJ) return;
    if (this.depth >= MAX_CALL_DEPTH) {
      this.err(txt("schema references nest too deeply to check"), inst);
      return;
    }
    this.depth++;
    const codes = this.codes(s);
    const ref = this.member(s, codes, K_REF);
    if (ref !== null && ref.kind == J_STR) {
      const target = this.resolveNode(ref);
      if (target !== null) this.validate(inst, target, false);
      this.depth--;
      return; // draft-07: $ref replaces its siblings
    }
    const k = inst.kind;
    const quiet = this.quietDepth > 0; // only validity matters: no message text is built
    let members = false;
    for (let i = 0; i < s.keys.length; i++) {
      if (this.quietFailed && this.quietDepth > 0) break; // the answer is known: not valid
      const c = codes[i];
      const v = s.items[i];
      const vn = v.kind == J_NUM;
      let fail = "";
      if (c == K_TYPE) {
        if (!this.typeMatch(inst, v)) {
          if (quiet) this.quietFailed = true;
          else this.err(jsonShort(inst) + txt(" is not of type ") + typeList(v), inst);
          this.depth--;
          return; // other keywords would only repeat the problem
        }
      } else if (c == K_ENUM && v.kind == J_ARR) {
        let hit = false;
        for (let j = 0; j < v.items.length; j++) if (jsonEqual(inst, v.items[j])) { hit = true; break; }
        if (!hit) fail = quiet ? "!" : txt(" is not one of ") + renderList(v);
      } else if (c == K_CONST) {
        if (!jsonEqual(inst, v)) fail = quiet ? "!" : txt(" is not the expected ") + jsonShort(v);
      } else if (k == J_NUM && vn && c >= K_MINIMUM && c <= K_EXCL_MAXIMUM) {
        const lo = c == K_MINIMUM || c == K_EXCL_MINIMUM;
        const excl = c == K_EXCL_MINIMUM || c == K_EXCL_MAXIMUM;
        const bad = lo ? (excl ? inst.n <= v.n : inst.n < v.n) : (excl ? inst.n >= v.n : inst.n > v.n);
        if (bad && quiet) fail = "!";
        else if (bad) fail = txt(lo ? " is less than " : " is greater than ") + (excl ? txt("or equal to ") : "") + txt(lo ? "the minimum of " : "the maximum of ") + v.s;
      } else if (k == J_STR && vn && (c == K_MIN_LENGTH || c == K_MAX_LENGTH)) {
        const n = <f64>codePoints(inst.s);
        if (c == K_MIN_LENGTH && n < v.n) fail = txt(inst.s.length == 0 ? " must not be empty" : " is too short");
        else if (c == K_MAX_LENGTH && n > v.n) fail = txt(" is too long");
      } else if (k == J_STR && v.kind == J_STR && c == K_PATTERN) {
        const r = this.regex(v.s);
        if (r === null) fail = txt(" does not match '") + v.s + "'";
        else if (!regexSearch(r, inst.s)) {
          if (regexExhausted()) this.limit(txt("pattern '") + v.s + txt("' not checked: the regular-expression budget ran out on this value"), inst);
          else fail = txt(" does not match '") + v.s + "'";
        }
      } else if (k == J_STR && v.kind == J_STR && c == K_FORMAT) {
        const dt = v.s == "date-time";
        if ((dt && !isDateTime(inst.s)) || (v.s == "date" && !isDate(inst.s))) {
          fail = txt(" is not a valid '") + v.s + (dt ? txt("' (RFC 3339, with Z or a UTC offset)") : "'");
        }
      } else if (k == J_ARR && vn && (c == K_MIN_ITEMS || c == K_MAX_ITEMS)) {
        const n = <f64>inst.items.length;
        if (c == K_MIN_ITEMS ? n < v.n : n > v.n) fail = txt(" has ") + inst.items.length.toString() + txt(" items, ") + KW[c] + txt(" is ") + v.s;
      } else if (k == J_ARR && c == K_ITEMS) {
        for (let j = 0; j < inst.items.length; j++) {
          const sub = v.kind == J_ARR ? (j < v.items.length ? v.items[j] : null) : v;
          if (sub !== null) {
            const item = inst.items[j];
            this.push(item, j);
            this.validate(item, sub, false);
            this.pop();
          }
        }
      } else if (k == J_OBJ && c == K_REQUIRED && v.kind == J_ARR) {
        for (let j = 0; j < v.items.length; j++) {
          const name = v.items[j].s;
          if (atRoot && this.relaxRoot && RECORD_RELAXED.includes(name)) continue;
          if (!inst.has(name)) this.err("'" + name + txt("' is a required property"), inst);
        }
      } else if (k == J_OBJ && c >= K_PROPERTIES && c <= K_ADDITIONAL) {
        members = true;
      } else if (c == K_ALLOF && v.kind == J_ARR) {
        for (let j = 0; j < v.items.length; j++) this.validate(inst, v.items[j], false);
      } else if ((c == K_ANYOF || c == K_ONEOF) && v.kind == J_ARR) {
        let n = 0;
        for (let j = 0; j < v.items.length; j++) {
          if (this.quiet(inst, v.items[j])) n++;
          if (n > 0 && c == K_ANYOF) break; // one match decides anyOf
          if (n > 1) break; // two matches decide oneOf
        }
        if (n == 0) fail = txt(" is not valid under any of the given schemas");
        else if (c == K_ONEOF && n > 1) fail = txt(" is valid under more than one of the given schemas");
      } else if (c == K_NOT) {
        if (this.quiet(inst, v)) fail = txt(" must not match the 'not' schema");
      }
      if (fail.length > 0) {
        if (this.quietDepth > 0) this.quietFailed = true;
        else this.err(jsonShort(inst) + fail, inst);
      }
    }
    if (members && !(this.quietFailed && this.quietDepth > 0)) this.objectMembers(inst, s);
    this.depth--;
  }

  /** properties / patternProperties / additionalProperties: handled once, on the first of them. */
  objectMembers(inst: JValue, s: JValue): void {
    const codes = this.codes(s);
    const props = this.member(s, codes, K_PROPERTIES);
    const pats = this.member(s, codes, K_PATTERN_PROPERTIES);
    const addl = this.member(s, codes, K_ADDITIONAL);
    let extra: string[] | null = null;
    const vals = inst.items;
    for (let i = 0; i < vals.length; i++) {
      if (this.quietFailed && this.quietDepth > 0) return;
      const val = vals[i];
      this.push(val, -1);
      let matched = false;
      if (props !== null && props.kind == J_OBJ) {
        const ps = props.getKeyOf(val); // compared as bytes: the name is not decoded here
        if (ps !== null) {
          matched = true;
          this.validate(val, ps, false);
        }
      }
      if (pats !== null && pats.kind == J_OBJ) {
        const name = val.keyName();
        for (let j = 0; j < pats.keys.length; j++) {
          const r = this.regex(pats.keys[j]);
          const hit = r !== null ? this.patMatch(r, name) : 0;
          if (hit > 0) {
            matched = true;
            this.validate(val, pats.items[j], false);
          } else if (hit < 0) {
            matched = true; // unknown: neither a match nor "additional"
            this.limit(txt("patternProperties '") + pats.keys[j] + txt("' not checked for this name: the regular-expression budget ran out"), val);
          }
        }
      }
      if (!matched && addl !== null) {
        if (addl.kind == J_BOOL && !addl.b) {
          if (extra === null) extra = [];
          extra!.push(val.keyName());
        }
        else this.validate(val, addl, false);
      }
      this.pop();
    }
    if (extra !== null) {
      this.err(txt("additional properties are not allowed ('") + extra!.join("', '") + txt("' unexpected)"), inst);
    }
  }

  /** Type masks of `type` values by node index of the schema document (0 = not computed yet). */
  typeByNode: StaticArray<i32> | null = null;

  /** patternProperties answers by (pattern, key name): the same keys recur in every log. */
  patMemo: Map<usize, Map<string, bool>> = new Map<usize, Map<string, bool>>();

  /** regexSearch(r, name) remembered: 1 match, 0 no match, -1 the budget ran out (not remembered). */
  patMatch(r: Regex, name: string): i32 {
    const key = changetype<usize>(r);
    let memo: Map<string, bool>;
    if (this.patMemo.has(key)) memo = this.patMemo.get(key);
    else {
      memo = new Map<string, bool>();
      this.patMemo.set(key, memo);
    }
    if (memo.has(name)) return memo.get(name) ? 1 : 0;
    if (regexSearch(r, name)) {
      memo.set(name, true);
      return 1;
    }
    if (regexExhausted()) return -1;
    memo.set(name, false);
    return 0;
  }

  typeMatch(inst: JValue, t: JValue): bool {
    if (t.doc === this.root.doc) {
      // the keyword's type names as a mask of kinds, computed once per schema node (no string compares)
      let tab = this.typeByNode;
      if (tab === null) {
        tab = new StaticArray<i32>(t.doc.count);
        this.typeByNode = tab;
      }
      let m = unchecked(tab[t.id]);
      if (m == 0) {
        m = TYPE_KNOWN | typeMask(t);
        unchecked((tab[t.id] = m));
      }
      return (m & (1 << inst.kind)) != 0 || ((m & TYPE_INT) != 0 && isInt(inst));
    }
    if (t.kind == J_STR) return typeIs(inst, t.s);
    if (t.kind == J_ARR) {
      for (let i = 0; i < t.items.length; i++) if (typeIs(inst, t.items[i].s)) return true;
      return false;
    }
    return true;
  }
}

function typeOk(t: string): bool {
  return t == "null" || t == "boolean" || t == "object" || t == "array" || t == "number" || t == "string" || t == "integer";
}

const TYPE_INT: i32 = 1 << 8;
const TYPE_KNOWN: i32 = 1 << 9;
const TYPE_ANY: i32 = 0xff;

/** Kind bits (1 << J_*) of one type name, TYPE_INT for "integer", 0 for an unknown name. */
function typeBit(t: string): i32 {
  if (t == "object") return 1 << J_OBJ;
  if (t == "array") return 1 << J_ARR;
  if (t == "string") return 1 << J_STR;
  if (t == "number") return 1 << J_NUM;
  if (t == "integer") return TYPE_INT;
  if (t == "boolean") return 1 << J_BOOL;
  if (t == "null") return 1 << J_NULL;
  return 0;
}

/** typeMatch's answer as a mask: a type name, a list of them, or anything else (matches every value). */
function typeMask(t: JValue): i32 {
  if (t.kind == J_STR) return typeBit(t.s);
  if (t.kind == J_ARR) {
    let m = 0;
    for (let i = 0; i < t.items.length; i++) m |= typeBit(t.items[i].s);
    return m;
  }
  return TYPE_ANY;
}

function typeIs(v: JValue, t: string): bool {
  const k = v.kind;
  if (t == "object") return k == J_OBJ;
  if (t == "array") return k == J_ARR;
  if (t == "string") return k == J_STR;
  if (t == "number") return k == J_NUM;
  if (t == "integer") return isInt(v);
  if (t == "boolean") return k == J_BOOL;
  if (t == "null") return k == J_NULL;
  return false;
}

function typeList(t: JValue): string {
  if (t.kind == J_STR) return "'" + t.s + "'";
  const parts: string[] = [];
  for (let i = 0; i < t.items.length; i++) parts.push("'" + t.items[i].s + "'");
  return parts.join(", ");
}

function renderList(v: JValue): string {
  const parts: string[] = [];
  for (let i = 0; i < v.items.length; i++) parts.push(jsonShort(v.items[i]));
  return "[" + parts.join(", ") + "]";
}

/** Deep equality with JSON-schema semantics (1 == 1.0; booleans are not numbers). */
export function jsonEqual(a: JValue, b: JValue): bool {
  if (a.kind != b.kind) return false;
  const k = a.kind;
  if (k == J_NULL) return true;
  if (k == J_BOOL) return a.b == b.b;
  if (k == J_NUM) return a.n == b.n;
  if (k == J_STR) return a.s == b.s;
  if (a.items.length != b.items.length) return false;
  if (k == J_ARR) {
    for (let i = 0; i < a.items.length; i++) if (!jsonEqual(a.items[i], b.items[i])) return false;
    return true;
  }
  for (let i = 0; i < a.keys.length; i++) {
    const o = b.get(a.keys[i]);
    if (o === null || !jsonEqual(a.items[i], o)) return false;
  }
  return true;
}

function cmpErr(a: SchemaError, b: SchemaError): i32 {
  if (a.key < b.key) return -1;
  if (a.key > b.key) return 1;
  return a.seq - b.seq;
}

/** Errors sorted by instance path (array indices numerically), then discovery order. */
export function sortedErrors(s: Schema): SchemaError[] {
  const e = s.errors.slice(0);
  e.sort(cmpErr);
  return e;
}
