// Loaded specs of one category, keyed by id: the last duplicate (in name order) wins and keeps
// the position of the first (TR-D01).
import { Doc, Results } from "../../io";
import { FrontMatter, lineAt } from "../../lib/mdscan";
import { Rule, Msg } from "../../rules";

export const FX7: i32 = 16; // case-insensitive status
export const TR8: i32 = 32; // duplicate ids
export const TR9: i32 = 64; // front-matter schema

export class Spec {
  cursor: i32[] = [0, 1];
  constructor(public doc: Doc, public fm: FrontMatter, public id: string) {}

  lineOf(off: i32): i32 {
    return lineAt(this.doc.text(), this.cursor, off);
  }
  status(): string {
    const s = this.fm.status;
    return s === null ? "" : s;
  }
}

/** Non-negative decimal prefix of s (stops at the first non-digit). */
export function num(s: string): i32 {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = n * 10 + c - 48;
  }
  return n;
}

export class Category {
  specs: Spec[] = [];
  index: Map<string, string> = new Map(); // id -> slot number
  /** Every document per id, in name order, for TR-008. (Documents, not their indexes: the text screen
   * (AC-002) drops unreadable documents from input.docs, so an index is not a position there.) */
  all: Map<string, Doc[]> = new Map();
  ids: string[] = [];

  add(s: Spec, results: Results): void {
    const id = s.id;
    if (this.index.has(id)) {
      const slot = num(this.index.get(id));
      const old = this.specs[slot];
      results.setDocStatus(old.doc, 1);
      results.put(old.doc, "skip", "duplicate id " + id + ": " + s.doc.baseName() + " is used (last in name order)");
      this.specs[slot] = s;
      this.all.get(id).push(s.doc);
    } else {
      this.index.set(id, this.specs.length.toString());
      this.specs.push(s);
      this.ids.push(id);
      this.all.set(id, [s.doc]);
    }
  }

  get(id: string): Spec | null {
    if (!this.index.has(id)) return null;
    return this.specs[num(this.index.get(id))];
  }
}

export function at0(results: Results, rule: Rule, s: Spec, off: i32, message: Msg): void {
  results.report(rule, s.doc, s.lineOf(off), 0, message);
}
