// A finding's message: its id and the values of its placeholders (see assembly/rules.ts for the rule
// model). Apart from rules.ts so the result builder (io.ts) can carry messages without importing the
// rule model, which imports it.
import { excerpt, ITEM_ARG, ITEM_MSG, MESSAGE_MAX } from "./lib/text";
import { hasTextToken } from "./lib/texts";

/**
 * A message: its id (a key of the rule's `messages`) and the values of its {{placeholders}}. In the
 * built module the id is a number (`code`): the build rewrites `msg("id")` to `msgCode(n)`, n being
 * the id's index in the generated message-id list (scripts/asc-size.mjs), so the module carries no id
 * strings; the host maps n back (src/wasm/instance.ts).
 */
export class Msg {
  // placeholder pairs: the first two inline (most messages have at most two, so a message is one
  // object), the others in `more` (key, value, key, value, ...)
  private k0: string = "";
  private v0: string = "";
  private k1: string = "";
  private v1: string = "";
  private more: string[] | null = null;
  /** Number of placeholder pairs. */
  count: i32 = 0;
  code: i32 = -1;
  constructor(public id: string) {}
  /** Key of pair `i` (0 <= i < count). */
  key(i: i32): string {
    return i == 0 ? this.k0 : i == 1 ? this.k1 : unchecked(this.more![(i - 2) << 1]);
  }
  /** Value of pair `i` (0 <= i < count). */
  val(i: i32): string {
    return i == 0 ? this.v0 : i == 1 ? this.v1 : unchecked(this.more![((i - 2) << 1) + 1]);
  }
  /** Set placeholder `key` to `value`. */
  s(key: string, value: string): Msg {
    // a value holding txt() tokens is cut by the host once the English is back (same cut, same note)
    const v = value.length <= MESSAGE_MAX || hasTextToken(value) ? value : excerpt(value, MESSAGE_MAX);
    const n = this.count;
    if (n == 0) {
      this.k0 = key;
      this.v0 = v;
    } else if (n == 1) {
      this.k1 = key;
      this.v1 = v;
    } else {
      let more = this.more;
      if (more === null) {
        more = [];
        this.more = more;
      }
      more.push(key);
      more.push(v);
    }
    this.count = n + 1;
    return this;
  }
  /** Set placeholder `key` to an integer. */
  i(key: string, value: i32): Msg {
    return this.s(key, value.toString());
  }
}

export function msg(id: string): Msg {
  return new Msg(id);
}

/** msg() as built: the message by its number (see Msg). Global: the rewritten calls do not import it. */
// @ts-ignore: decorator
@global export function msgCode(code: i32): Msg {
  const m = new Msg("");
  m.code = code;
  return m;
}

/** The message id as it crosses the interface: the id, or the number of a built msg() as text. */
export function msgIdText(m: Msg): string {
  return m.code >= 0 ? m.code.toString() : m.id;
}

/**
 * A data value (or list item) naming one of the rule's `terms` (msg(id) of a term id, with its
 * placeholder values): the host renders its English. A document-level value without a rule (a skip
 * reason) is looked up in every rule's terms.
 */
export function msgItem(m: Msg): string {
  let s = ITEM_MSG + msgIdText(m);
  for (let i = 0; i < m.count; i++) s += ITEM_ARG + m.key(i) + ITEM_ARG + m.val(i);
  return s;
}
