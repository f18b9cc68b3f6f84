// The model of the pre-pr family "plan" (PLAN-*): roles by file name (epic, prd, task, plan: first
// file in name order whose stem starts with the word) and estimates in hours.
import { Doc } from "../../io";
import { asciiLower, isDigit } from "../../lib/text";

function stem(d: Doc): string {
  const b = asciiLower(d.baseName());
  return b.endsWith(".md") ? b.substring(0, b.length - 3) : b;
}

function first(docs: Doc[], word: string): Doc | null {
  for (let i = 0; i < docs.length; i++) if (stem(docs[i]).startsWith(word)) return docs[i];
  return null;
}

/** Number in tenths at t[i..] (digits, optional .digit), or -1; end position in END. */
let END: i32 = 0;
function num(t: string, i: i32): i32 {
  let j = i;
  let v = 0;
  while (j < t.length && isDigit(t.charCodeAt(j))) {
    v = v * 10 + (t.charCodeAt(j) - 48);
    j++;
    if (v > 1000000) return -1;
  }
  if (j == i) return -1;
  v *= 10;
  if (j + 1 < t.length && t.charCodeAt(j) == 46 && isDigit(t.charCodeAt(j + 1))) {
    v += t.charCodeAt(j + 1) - 48;
    j += 2;
    while (j < t.length && isDigit(t.charCodeAt(j))) j++;
  }
  END = j;
  return v;
}

function skipSp(t: string, i: i32): i32 {
  while (i < t.length && t.charCodeAt(i) == 32) i++;
  return i;
}

/** Length of an hour unit at t[i..] (hour, hours, hr, hrs, and h when `short`), else 0. */
function unit(t: string, i: i32, short: bool): i32 {
  let n = 0;
  if (t.startsWith("hours", i)) n = 5;
  else if (t.startsWith("hour", i)) n = 4;
  else if (t.startsWith("hrs", i)) n = 3;
  else if (t.startsWith("hr", i)) n = 2;
  else if (short && t.startsWith("h", i)) n = 1;
  if (n == 0) return 0;
  const e = i + n;
  if (e < t.length) {
    const c = t.charCodeAt(e);
    if ((c >= 97 && c <= 122) || isDigit(c)) return 0;
  }
  return n;
}

/** Midpoint (tenths of hours) of the first range estimate, else the first single estimate; -1 none. */
let RANGE: bool = false;
export function estimate(doc: Doc): i32 {
  const t = asciiLower(doc.text());
  RANGE = false;
  for (let i = 0; i < t.length; i++) {
    if (!isDigit(t.charCodeAt(i)) || (i > 0 && isDigit(t.charCodeAt(i - 1)))) continue;
    const a = num(t, i);
    if (a < 0) continue;
    let j = skipSp(t, END);
    if (j < t.length && t.charCodeAt(j) == 45) {
      j = skipSp(t, j + 1);
      const b = num(t, j);
      if (b >= 0) {
        const k = skipSp(t, END);
        if (unit(t, k, false) > 0) {
          RANGE = true;
          return (a + b) / 2;
        }
      }
    }
  }
  for (let i = 0; i < t.length; i++) {
    if (!isDigit(t.charCodeAt(i)) || (i > 0 && isDigit(t.charCodeAt(i - 1)))) continue;
    const a = num(t, i);
    if (a >= 0 && unit(t, skipSp(t, END), true) > 0) return a;
  }
  return -1;
}

/** Whether the last estimate() found a range ("3-5 hours"). */
export function lastWasRange(): bool {
  return RANGE;
}

/** The planning roles of this call: first file whose stem starts with epic, prd, task, plan. */
export class Planning {
  epic: Doc | null;
  prd: Doc | null;
  tasks: Doc | null;
  plan: Doc | null;
  constructor(docs: Doc[]) {
    this.epic = first(docs, "epic");
    this.prd = first(docs, "prd");
    this.tasks = first(docs, "task");
    let plan = first(docs, "plan");
    if (plan === null && this.tasks === null && docs.length > 0) plan = docs[0];
    this.plan = plan;
  }
  /** The document the task estimate is compared with (epic, else PRD, else plan). */
  source(): Doc | null {
    return this.epic !== null ? this.epic : this.prd !== null ? this.prd : this.plan;
  }
}
