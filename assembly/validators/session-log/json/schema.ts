// A compact JSON-schema (draft-07 subset) validator: check() validates the schema itself, run()
// compiles it once into a table of nodes (CNode) and validates an instance against it. Supported
// keywords: $ref (local JSON pointers), type, enum, const, minimum, maximum, exclusiveMinimum,
// exclusiveMaximum, minLength, maxLength, pattern, format (date-time, date), items, minItems,
// maxItems, required, properties, patternProperties, additionalProperties, allOf, anyOf, oneOf, not.
// Other validation keywords, and other formats ("format: <name>"), are listed in `unsupported` by
// check() so the caller can say they were not checked. Annotations (title, description, examples,
// $id, $schema, default) are ignored.
import { JDoc, JValue, J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ, fnv1a, jsonShort } from "../../../lib/json";
import { Regex, compileRegex, regexSearch, regexExhausted } from "../../../lib/regex";
import { txt } from "../../../lib/texts";
import { twoDigits, TextBuf } from "../../../lib/text";
import { bufAddr, i32sAddr } from "../../../lib/mem";

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
/** Builds sort keys and paths of errors (one string each, not one per segment). */
const pathBuf = new TextBuf();

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

/** YYYY-MM-DD with a real calendar day. */
export function isDate(s: string): bool {
  if (s.length != 10 || s.charCodeAt(4) != 45 || s.charCodeAt(7) != 45) return false;
  const y1 = twoDigits(s, 0);
  const y2 = twoDigits(s, 2);
  const m = twoDigits(s, 5);
  const d = twoDigits(s, 8);
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
  const hh = twoDigits(s, 11);
  const mi = twoDigits(s, 14);
  const ss = twoDigits(s, 17);
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
  const oh = twoDigits(s, i + 1);
  const om = twoDigits(s, i + 4);
  return i + 6 == s.length && s.charCodeAt(i + 3) == 58 && oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}

const FMT_NONE: i32 = 0, FMT_DATE_TIME: i32 = 1, FMT_DATE: i32 = 2;

/** The formats checked (FMT_DATE_TIME, FMT_DATE); FMT_NONE for any other (check() lists it in `unsupported`). */
function formatCode(name: string): i32 {
  return name == "date-time" ? FMT_DATE_TIME : name == "date" ? FMT_DATE : FMT_NONE;
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
  constructor(root: JValue) {
    this.root = root;
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

  /** Schema nodes (ids) check() reached through a $ref (each checked once: references may cycle). */
  refChecked: Set<i32> = new Set<i32>();

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
        // only date-time and date are checked: any other format is listed as not checked, never passed silently
        if (ok && formatCode(v.s) == FMT_NONE) {
          const u = "format: " + v.s;
          if (!this.unsupported.includes(u)) this.unsupported.push(u);
        }
      } else if (c == K_REF) {
        // compile() follows a $ref into its target, wherever it points: check that target too (once)
        const t = v.kind == J_STR ? this.resolve(v.s) : null;
        ok = t !== null && (t.kind == J_OBJ || t.kind == J_BOOL);
        if (ok && !this.refChecked.has(t!.id)) {
          this.refChecked.add(t!.id);
          this.checkNode(t!, v.s, depth + 1);
        }
      }
      if (!ok) this.bad(at, txt("invalid or unsupported value ") + jsonShort(v));
    }
  }

  // ---- instance validation: the schema compiled once into a table of nodes (CNode), the instance
  // walked by node index of its document (no view per value; views only for scalars a check reads
  // and for messages) ----

  /** Compiled schema nodes; compiled[0] is the root. */
  cnodes: CNode[] = [];
  /** Compiled node index by schema node index (-1: not compiled yet). */
  cByNode: StaticArray<i32> | null = null;
  /** The instance document of the current run(). */
  idoc: JDoc | null = null;

  /** Index of the compiled node for schema value `s` (compiled on first use; cycles through $ref allowed). */
  compile(s: JValue): i32 {
    let tab = this.cByNode;
    if (tab === null) {
      tab = new StaticArray<i32>(s.doc.count);
      for (let i = 0; i < tab.length; i++) unchecked((tab[i] = -1));
      this.cByNode = tab;
    }
    const hit = tab[s.id];
    if (hit >= 0) return hit;
    const ci = this.cnodes.length;
    const n = new CNode();
    this.cnodes.push(n);
    tab[s.id] = ci;
    if (s.kind == J_BOOL) {
      n.kind = s.b ? CN_TRUE : CN_FALSE;
      return ci;
    }
    if (s.kind != J_OBJ) return ci; // CN_NOOP
    n.kind = CN_OBJ;
    const keys = s.keys;
    const vals = s.items;
    for (let i = 0; i < keys.length; i++) {
      if (KW.indexOf(keys[i]) == K_REF && vals[i].kind == J_STR) {
        // draft-07: $ref replaces its siblings
        const target = this.resolve(vals[i].s);
        n.ref = target !== null ? this.compile(target!) : -1;
        return ci;
      }
    }
    // check() has looked at every node compiled here ($ref targets too), so the `continue`s on a
    // value of the wrong kind below are defensive only
    for (let i = 0; i < keys.length; i++) {
      const c = KW.indexOf(keys[i]);
      const v = vals[i];
      const op = new COp(c, v);
      const vk = v.kind;
      if (c == K_TYPE) op.mask = typeMask(v);
      else if (c == K_ENUM) {
        if (vk != J_ARR) continue;
      } else if (c == K_CONST) {
        // always applies
      } else if (c >= K_MINIMUM && c <= K_MAX_ITEMS) {
        if (vk != J_NUM) continue;
        op.num = v.n;
      } else if (c == K_PATTERN) {
        if (vk != J_STR) continue;
        op.rx = this.regex(v.s);
      } else if (c == K_FORMAT) {
        if (vk != J_STR) continue;
        op.fmt = formatCode(v.s);
      } else if (c == K_ITEMS) {
        if (vk == J_ARR) {
          const its = v.items;
          const kids = new StaticArray<i32>(its.length);
          for (let j = 0; j < its.length; j++) kids[j] = this.compile(its[j]);
          op.kids = kids;
        } else op.child = this.compile(v);
      } else if (c == K_REQUIRED) {
        if (vk != J_ARR) continue;
        const its = v.items;
        const names = new Array<string>(its.length);
        const relaxed = new StaticArray<bool>(its.length);
        for (let j = 0; j < its.length; j++) {
          names[j] = its[j].s;
          relaxed[j] = RECORD_RELAXED.includes(names[j]);
        }
        op.names = names;
        op.relaxed = relaxed;
      } else if (c >= K_PROPERTIES && c <= K_ADDITIONAL) {
        if (n.membersOp) continue;
        n.membersOp = true; // one op marks where the member checks come (they run after the loop)
        this.compileMembers(n, s);
      } else if (c >= K_ALLOF && c <= K_ONEOF) {
        if (vk != J_ARR) continue;
        const its = v.items;
        const kids = new StaticArray<i32>(its.length);
        for (let j = 0; j < its.length; j++) kids[j] = this.compile(its[j]);
        op.kids = kids;
      } else if (c == K_NOT) op.child = this.compile(v);
      else continue;
      n.ops.push(op);
    }
    return ci;
  }

  /** properties / patternProperties / additionalProperties of schema object `s` into `n`. */
  compileMembers(n: CNode, s: JValue): void {
    const keys = s.keys;
    const vals = s.items;
    let props: JValue | null = null;
    let pats: JValue | null = null;
    let addl: JValue | null = null;
    for (let i = 0; i < keys.length; i++) {
      const c = KW.indexOf(keys[i]);
      if (c == K_PROPERTIES && props === null) props = vals[i];
      else if (c == K_PATTERN_PROPERTIES && pats === null) pats = vals[i];
      else if (c == K_ADDITIONAL && addl === null) addl = vals[i];
    }
    if (props !== null && props.kind == J_OBJ) {
      const pk = props.keys;
      const pv = props.items;
      n.hasProps = true;
      n.propKeys = pk;
      const kids = new StaticArray<i32>(pk.length);
      const bytes = new Array<ArrayBuffer>(pk.length);
      let size = 8;
      while (size < pk.length * 2) size <<= 1;
      const slots = new StaticArray<i32>(size);
      for (let i = 0; i < size; i++) slots[i] = -1;
      for (let i = 0; i < pk.length; i++) {
        const b = String.UTF8.encode(pk[i]);
        bytes[i] = b;
        let slot = <i32>(fnv1a(bufAddr(b), b.byteLength) & <u32>(size - 1));
        while (slots[slot] >= 0) slot = (slot + 1) & (size - 1);
        slots[slot] = i;
      }
      for (let i = 0; i < pk.length; i++) kids[i] = this.compile(pv[i]);
      n.propKids = kids;
      n.propBytes = bytes;
      n.propSlots = slots;
    }
    if (pats !== null && pats.kind == J_OBJ) {
      const pk = pats.keys;
      const pv = pats.items;
      n.patKeys = pk;
      const kids = new StaticArray<i32>(pk.length);
      const memos = new Array<ByteMemo>(pk.length);
      const rxs = new Array<Regex | null>(pk.length);
      for (let i = 0; i < pk.length; i++) {
        rxs[i] = this.regex(pk[i]);
        memos[i] = new ByteMemo();
      }
      for (let i = 0; i < pk.length; i++) kids[i] = this.compile(pv[i]);
      n.patKids = kids;
      n.patRx = rxs;
      n.patMemo = memos;
    }
    if (addl !== null) {
      if (addl.kind == J_BOOL && !addl.b) n.addlFalse = true;
      else n.addl = this.compile(addl!);
    }
  }

  /**
   * Instance path of the value being validated: member node indices of the instance document (their
   * key names are decoded only when a message needs the path), or array indices (segIdx >= 0).
   */
  segs: StaticArray<i32> = new StaticArray<i32>(32);
  segIdx: StaticArray<i32> = new StaticArray<i32>(32);
  /** Segments in use (segs[0..segN)). */
  segN: i32 = 0;

  push(id: i32, idx: i32): void {
    const n = this.segN;
    if (n == this.segs.length) {
      const a = new StaticArray<i32>(n * 2);
      const b = new StaticArray<i32>(n * 2);
      memory.copy(i32sAddr(a), i32sAddr(this.segs), <usize>n << 2);
      memory.copy(i32sAddr(b), i32sAddr(this.segIdx), <usize>n << 2);
      this.segs = a;
      this.segIdx = b;
    }
    unchecked((this.segs[n] = id));
    unchecked((this.segIdx[n] = idx));
    this.segN = n + 1;
  }

  @inline pop(): void {
    this.segN--;
  }

  /** The dotted instance path of the value being validated ("(root)" at the top). */
  pathOf(): string {
    const b = pathBuf.reset();
    for (let i = 0; i < this.segN; i++) {
      if (i > 0) b.add(".");
      const ix = unchecked(this.segIdx[i]);
      if (ix >= 0) b.addPadded(ix, 1);
      else b.add(this.idoc!.keyName(unchecked(this.segs[i])));
    }
    return b.len == 0 ? "(root)" : b.take();
  }

  limit(msg: string, id: i32): void {
    this.limits.push(new SchemaError("", this.pathOf(), msg, this.idoc!.posOf(id), this.limits.length));
  }

  err(msg: string, id: i32): void {
    if (this.quietDepth > 0) {
      this.quietFailed = true;
      return;
    }
    // sort key: names after "\0", indices after "\0\1" zero-padded, so indices sort numerically
    const b = pathBuf.reset();
    for (let i = 0; i < this.segN; i++) {
      const ix = unchecked(this.segIdx[i]);
      if (ix >= 0) b.add("\u0000\u0001").addPadded(ix, 10);
      else b.add("\u0000").add(this.idoc!.keyName(unchecked(this.segs[i])));
    }
    const key = b.take();
    this.errors.push(new SchemaError(key, this.pathOf(), msg, this.idoc!.posOf(id), this.errors.length));
  }

  /** A view of instance node `id` (for messages and scalar values). */
  @inline view(id: i32): JValue {
    return this.idoc!.view(id);
  }

  /**
   * Validate `inst` against the whole schema: this run's violations (unsorted) in `errors`, its budget
   * hits in `limits`. Both are new arrays each run (a caller may keep the previous run's).
   */
  run(inst: JValue, relaxRoot: bool): void {
    this.relaxRoot = relaxRoot;
    if (this.cnodes.length == 0) this.compile(this.root);
    this.errors = [];
    this.limits = [];
    this.depth = 0;
    this.idoc = inst.doc;
    this.segN = 0;
    this.validate(inst.id, 0, true);
    this.idoc = null;
  }

  /** True when instance node `id` is valid under compiled node `ci` (errors discarded). */
  quiet(id: i32, ci: i32): bool {
    const savedFailed = this.quietFailed;
    this.quietFailed = false;
    this.quietDepth++;
    this.validate(id, ci, false);
    this.quietDepth--;
    const ok = !this.quietFailed;
    this.quietFailed = savedFailed;
    return ok;
  }

  validate(id: i32, ci: i32, atRoot: bool): void {
    const n = unchecked(this.cnodes[ci]);
    const nk = n.kind;
    if (nk == CN_TRUE || nk == CN_NOOP) return;
    if (nk == CN_FALSE) {
      this.err(txt("no value is allowed here (false schema)"), id);
      return;
    }
    if (this.depth >= MAX_CALL_DEPTH) {
      this.err(txt("schema references nest too deeply to check"), id);
      return;
    }
    this.depth++;
    if (n.ref != NO_REF) {
      if (n.ref >= 0) this.validate(id, n.ref, false);
      this.depth--;
      return;
    }
    const d = this.idoc!;
    const k = d.kindOf(id);
    const quiet = this.quietDepth > 0; // only validity matters: no message text is built
    let members = false;
    const ops = n.ops;
    for (let i = 0; i < ops.length; i++) {
      if (this.quietFailed && this.quietDepth > 0) break; // the answer is known: not valid
      const op = unchecked(ops[i]);
      const c = op.code;
      const v = op.v;
      let fail = "";
      if (c == K_TYPE) {
        const m = op.mask;
        if (!((m & (1 << k)) != 0 || ((m & TYPE_INT) != 0 && k == J_NUM && isInt(this.view(id))))) {
          if (quiet) this.quietFailed = true;
          else this.err(jsonShort(this.view(id)) + txt(" is not of type ") + typeList(v), id);
          this.depth--;
          return; // other keywords would only repeat the problem
        }
      } else if (c == K_ENUM) {
        const inst = this.view(id);
        let hit = false;
        for (let j = 0; j < v.items.length; j++) if (jsonEqual(inst, v.items[j])) { hit = true; break; }
        if (!hit) fail = quiet ? "!" : txt(" is not one of ") + renderList(v);
      } else if (c == K_CONST) {
        if (!jsonEqual(this.view(id), v)) fail = quiet ? "!" : txt(" is not the expected ") + jsonShort(v);
      } else if (c >= K_MINIMUM && c <= K_EXCL_MAXIMUM) {
        if (k != J_NUM) continue;
        const x = this.view(id).n;
        const lo = c == K_MINIMUM || c == K_EXCL_MINIMUM;
        const excl = c == K_EXCL_MINIMUM || c == K_EXCL_MAXIMUM;
        const bad = lo ? (excl ? x <= op.num : x < op.num) : (excl ? x >= op.num : x > op.num);
        if (bad && quiet) fail = "!";
        else if (bad) fail = txt(lo ? " is less than " : " is greater than ") + (excl ? txt("or equal to ") : "") + txt(lo ? "the minimum of " : "the maximum of ") + v.s;
      } else if (c == K_MIN_LENGTH || c == K_MAX_LENGTH) {
        if (k != J_STR) continue;
        const s = this.view(id).s;
        const cp = <f64>codePoints(s);
        if (c == K_MIN_LENGTH && cp < op.num) fail = txt(s.length == 0 ? " must not be empty" : " is too short");
        else if (c == K_MAX_LENGTH && cp > op.num) fail = txt(" is too long");
      } else if (c == K_PATTERN) {
        if (k != J_STR) continue;
        const r = op.rx;
        if (r === null) fail = quiet ? "!" : txt(" does not match '") + v.s + "'";
        else if (!regexSearch(r, this.view(id).s)) {
          if (regexExhausted()) this.limit(txt("pattern '") + v.s + txt("' not checked: the regular-expression budget ran out on this value"), id);
          else fail = quiet ? "!" : txt(" does not match '") + v.s + "'";
        }
      } else if (c == K_FORMAT) {
        if (k != J_STR) continue;
        const dt = op.fmt == FMT_DATE_TIME;
        const s = op.fmt != FMT_NONE ? this.view(id).s : "";
        if ((dt && !isDateTime(s)) || (op.fmt == FMT_DATE && !isDate(s))) {
          fail = quiet ? "!" : txt(" is not a valid '") + v.s + (dt ? txt("' (RFC 3339, with Z or a UTC offset)") : "'");
        }
      } else if (c == K_MIN_ITEMS || c == K_MAX_ITEMS) {
        if (k != J_ARR) continue;
        const cnt = d.countOf(id);
        const nn = <f64>cnt;
        if (c == K_MIN_ITEMS ? nn < op.num : nn > op.num) fail = quiet ? "!" : txt(" has ") + cnt.toString() + txt(" items, ") + KW[c] + txt(" is ") + v.s;
      } else if (c == K_ITEMS) {
        if (k != J_ARR) continue;
        const cnt = d.countOf(id);
        const kids = op.kids;
        let e = id + 1;
        for (let j = 0; j < cnt; j++) {
          const sub = kids !== null ? (j < kids.length ? kids[j] : -1) : op.child;
          if (sub >= 0) {
            this.push(e, j);
            this.validate(e, sub, false);
            this.pop();
          }
          e = d.nextOf(e);
        }
      } else if (c == K_REQUIRED) {
        if (k != J_OBJ) continue;
        const names = op.names!;
        const relaxed = op.relaxed!;
        for (let j = 0; j < names.length; j++) {
          const name = names[j];
          if (atRoot && this.relaxRoot && relaxed[j]) continue;
          // presence only: the first occurrence of a duplicate key answers it as well as the last
          if (d.memberOf(id, name) >= 0) continue;
          if (quiet) {
            this.quietFailed = true; // the answer is known: no message
            break;
          }
          this.err("'" + name + txt("' is a required property"), id);
        }
      } else if (c >= K_PROPERTIES && c <= K_ADDITIONAL) {
        if (k == J_OBJ) members = true;
      } else if (c == K_ALLOF) {
        const kids = op.kids!;
        for (let j = 0; j < kids.length; j++) this.validate(id, kids[j], false);
      } else if (c == K_ANYOF || c == K_ONEOF) {
        const kids = op.kids!;
        let hits = 0;
        for (let j = 0; j < kids.length; j++) {
          if (this.quiet(id, kids[j])) hits++;
          if (hits > 0 && c == K_ANYOF) break; // one match decides anyOf
          if (hits > 1) break; // two matches decide oneOf
        }
        if (hits == 0) fail = txt(" is not valid under any of the given schemas");
        else if (c == K_ONEOF && hits > 1) fail = txt(" is valid under more than one of the given schemas");
      } else if (c == K_NOT) {
        if (this.quiet(id, op.child)) fail = txt(" must not match the 'not' schema");
      }
      if (fail.length > 0) {
        if (this.quietDepth > 0) this.quietFailed = true;
        else this.err(jsonShort(this.view(id)) + fail, id);
      }
    }
    if (members && !(this.quietFailed && this.quietDepth > 0)) this.objectMembers(id, n);
    this.depth--;
  }

  /** properties / patternProperties / additionalProperties: handled once, after the other keywords. */
  objectMembers(id: i32, n: CNode): void {
    const d = this.idoc!;
    let extra: string[] | null = null;
    const dup = d.isDup(id);
    const dupItems = dup ? this.view(id).items : null;
    const cnt = dupItems !== null ? dupItems.length : d.countOf(id);
    let e = id + 1;
    for (let i = 0; i < cnt; i++) {
      if (this.quietFailed && this.quietDepth > 0) return;
      let m = e;
      if (dupItems !== null) m = dupItems[i].id;
      else e = d.nextOf(e);
      this.push(m, -1);
      let matched = false;
      if (n.hasProps) {
        const pi = this.propIndex(n, m);
        if (pi >= 0) {
          matched = true;
          this.validate(m, n.propKids[pi], false);
        }
      }
      const pk = n.patKeys;
      if (pk !== null) {
        for (let j = 0; j < pk.length; j++) {
          const r = n.patRx[j];
          const hit = r !== null ? this.patMatch(n.patMemo[j], r, m) : 0;
          if (hit > 0) {
            matched = true;
            this.validate(m, n.patKids[j], false);
          } else if (hit < 0) {
            matched = true; // unknown: neither a match nor "additional"
            this.limit(txt("patternProperties '") + pk[j] + txt("' not checked for this name: the regular-expression budget ran out"), m);
          }
        }
      }
      if (!matched) {
        if (n.addlFalse) {
          if (extra === null) extra = [];
          extra!.push(d.keyName(m));
        } else if (n.addl >= 0) this.validate(m, n.addl, false);
      }
      this.pop();
    }
    if (extra !== null) {
      this.err(txt("additional properties are not allowed ('") + extra!.join("', '") + txt("' unexpected)"), id);
    }
  }

  /** Index in n.propKeys of member `m`'s key, or -1 (keys compared as bytes when not escaped). */
  propIndex(n: CNode, m: i32): i32 {
    const d = this.idoc!;
    if (d.keyEsc(m)) return n.propKeys.indexOf(d.keyName(m));
    const a = d.keyStart(m);
    const len = d.keyEnd(m) - a;
    const p = d.base + <usize>a;
    const slots = n.propSlots;
    const mask = slots.length - 1;
    let slot = <i32>(fnv1a(p, len) & <u32>mask);
    while (true) {
      const pi = unchecked(slots[slot]);
      if (pi < 0) return -1;
      const b = unchecked(n.propBytes[pi]);
      if (b.byteLength == len && memory.compare(bufAddr(b), p, <usize>len) == 0) return pi;
      slot = (slot + 1) & mask;
    }
  }

  /** regexSearch(r, key of member m) remembered by key bytes: 1 match, 0 no match, -1 the budget ran out (not remembered). */
  patMatch(memo: ByteMemo, r: Regex, m: i32): i32 {
    const d = this.idoc!;
    if (d.keyEsc(m)) {
      if (regexSearch(r, d.keyName(m))) return 1;
      return regexExhausted() ? -1 : 0;
    }
    const a = d.keyStart(m);
    const len = d.keyEnd(m) - a;
    const p = d.base + <usize>a;
    const h = fnv1a(p, len);
    const known = memo.find(p, len, h);
    if (known >= 0) return known;
    if (regexSearch(r, d.keyName(m))) {
      memo.add(p, len, h, 1);
      return 1;
    }
    if (regexExhausted()) return -1;
    memo.add(p, len, h, 0);
    return 0;
  }
}

const CN_NOOP: i32 = 0;
const CN_TRUE: i32 = 1;
const CN_FALSE: i32 = 2;
const CN_OBJ: i32 = 3;
const NO_REF: i32 = -2;

/** One keyword of a compiled schema object, in the object's member order. */
class COp {
  mask: i32 = 0;
  num: f64 = 0;
  rx: Regex | null = null;
  fmt: i32 = 0;
  child: i32 = -1;
  kids: StaticArray<i32> | null = null;
  names: string[] | null = null;
  relaxed: StaticArray<bool> | null = null;
  constructor(public code: i32, public v: JValue) {}
}

const NO_NAMES: string[] = [];
const NO_RX: Array<Regex | null> = [];
const NO_MEMO: ByteMemo[] = [];
const NO_BYTES: ArrayBuffer[] = [];

/** A schema value compiled: boolean schema, $ref, or the checks of an object schema. */
class CNode {
  kind: i32 = CN_NOOP;
  /** Compiled $ref target (-1: unresolved, NO_REF: none). */
  ref: i32 = NO_REF;
  ops: COp[] = [];
  /** It has properties / patternProperties / additionalProperties (compiled, one op in ops). */
  membersOp: bool = false;
  hasProps: bool = false;
  propKeys: string[] = NO_NAMES;
  propBytes: ArrayBuffer[] = NO_BYTES;
  propKids: StaticArray<i32> = new StaticArray<i32>(0);
  /** Open addressing over fnv1a of the property names' UTF-8 bytes: index into propKeys, -1 empty. */
  propSlots: StaticArray<i32> = new StaticArray<i32>(0);
  patKeys: string[] | null = null;
  patRx: Array<Regex | null> = NO_RX;
  patKids: StaticArray<i32> = new StaticArray<i32>(0);
  patMemo: ByteMemo[] = NO_MEMO;
  addlFalse: bool = false;
  /** Compiled additionalProperties schema (-1: none, or false: addlFalse). */
  addl: i32 = -1;
}

const MEMO_MAX: i32 = 4096;

/** Answers remembered by key bytes (the same member names recur in every log); bounded. */
class ByteMemo {
  slots: StaticArray<i32> = new StaticArray<i32>(0);
  hashes: u32[] = [];
  keys: ArrayBuffer[] = [];
  vals: i32[] = [];

  find(p: usize, len: i32, h: u32): i32 {
    const s = this.slots;
    if (s.length == 0) return -1;
    const mask = s.length - 1;
    let slot = <i32>(h & <u32>mask);
    while (true) {
      const e = unchecked(s[slot]);
      if (e < 0) return -1;
      if (unchecked(this.hashes[e]) == h) {
        const b = unchecked(this.keys[e]);
        if (b.byteLength == len && memory.compare(bufAddr(b), p, <usize>len) == 0) return unchecked(this.vals[e]);
      }
      slot = (slot + 1) & mask;
    }
  }

  add(p: usize, len: i32, h: u32, val: i32): void {
    const n = this.vals.length;
    if (n >= MEMO_MAX) return;
    if ((n + 1) * 2 > this.slots.length) {
      const size = this.slots.length == 0 ? 32 : this.slots.length * 2;
      const s = new StaticArray<i32>(size);
      for (let i = 0; i < size; i++) unchecked((s[i] = -1));
      for (let e = 0; e < n; e++) {
        let slot = <i32>(unchecked(this.hashes[e]) & <u32>(size - 1));
        while (unchecked(s[slot]) >= 0) slot = (slot + 1) & (size - 1);
        unchecked((s[slot] = e));
      }
      this.slots = s;
    }
    const b = new ArrayBuffer(len);
    memory.copy(bufAddr(b), p, <usize>len);
    this.hashes.push(h);
    this.keys.push(b);
    this.vals.push(val);
    const mask = this.slots.length - 1;
    let slot = <i32>(h & <u32>mask);
    while (unchecked(this.slots[slot]) >= 0) slot = (slot + 1) & mask;
    unchecked((this.slots[slot] = n));
  }
}

/** A draft-07 type name (the names of typeBit). */
function typeOk(t: string): bool {
  return typeBit(t) != 0;
}

const TYPE_INT: i32 = 1 << 8;
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

/** the type keyword as a mask: a type name, a list of them, or anything else (matches every value). */
function typeMask(t: JValue): i32 {
  if (t.kind == J_STR) return typeBit(t.s);
  if (t.kind == J_ARR) {
    let m = 0;
    for (let i = 0; i < t.items.length; i++) m |= typeBit(t.items[i].s);
    return m;
  }
  return TYPE_ANY;
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
