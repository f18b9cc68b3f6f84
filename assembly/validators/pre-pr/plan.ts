// PP-007: planning artifacts (PLAN). Roles by file name (epic, prd, task, plan: first file in name
// order whose stem starts with the word); estimates in hours; conditions of the plan need a table row.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING, SEV_INFO } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { asciiLower, isDigit } from "../../lib/text";
import { trim, segments } from "./util";

export const PLAN01 = defineRule("PLAN-01", SEV_WARNING);
function PLAN01_doc(): RuleDoc {
  return {
    id: "PLAN-01",
    validator: "pre-pr",
    title: "Estimate drift",
    description: "Tasks vs epic/PRD/plan estimate.",
    messages: {
      estimateDiffersFrom: "Estimate differs {{value}}.{{value2}}% from {{name}}",
    },
  };
}
export const PLAN02 = defineRule("PLAN-02", SEV_ERROR);
function PLAN02_doc(): RuleDoc {
  return {
    id: "PLAN-02",
    validator: "pre-pr",
    title: "Orphan condition",
    description: "Role condition not in a table.",
    messages: {
      conditionNotInAny: "Condition not in any table: {{trim}}",
    },
  };
}
export const PLAN03 = defineRule("PLAN-03", SEV_INFO);
function PLAN03_doc(): RuleDoc {
  return {
    id: "PLAN-03",
    validator: "pre-pr",
    title: "No reconciliation",
    description: "Range estimate, no section.",
    messages: {
      considerAEstimateReconciliation: "Consider a ## Estimate Reconciliation section",
    },
  };
}

export const ROLE_PLANNING: i32 = 10;

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
function estimate(doc: Doc): i32 {
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

const MARKERS = "qa:|security:|devops:|architect:|implementer:";

function conditions(input: Input, results: Results, doc: Doc): void {
  const ls = doc.lines();
  const cells: string[] = [];
  for (let i = 0; i < ls.length; i++) {
    const t = trim(ls[i]);
    if (t.startsWith("|")) cells.push(asciiLower(t));
  }
  const marks = segments(MARKERS, 124);
  for (let i = 0; i < ls.length; i++) {
    const t = trim(ls[i]);
    if (!(t.startsWith("- ") || t.startsWith("* "))) continue;
    const low = asciiLower(t);
    for (let m = 0; m < marks.length; m++) {
      const at = low.indexOf(marks[m]);
      if (at < 0) continue;
      const text = trim(low.substring(at + marks[m].length));
      if (text.length == 0) continue;
      let found = false;
      for (let c = 0; c < cells.length && !found; c++) if (cells[c].indexOf(text) >= 0) found = true;
      if (!found) results.report(PLAN02, doc, i + 1, 1, msg("conditionNotInAny").s("trim", trim(t.substring(at + marks[m].length))));
      break;
    }
  }
}

export function checkPlanning(input: Input, results: Results, docs: Doc[]): void {
  if (docs.length == 0) return;
  const epic = first(docs, "epic");
  const prd = first(docs, "prd");
  const tasks = first(docs, "task");
  let plan = first(docs, "plan");
  if (plan === null && tasks === null) plan = docs[0];
  const source = epic !== null ? epic : prd !== null ? prd : plan;
  const threshold = input.factInt("plan-threshold", 20) * 10;
  if (source !== null && tasks !== null && source !== tasks) {
    const ms = estimate(source);
    const md = estimate(tasks);
    if (ms > 0 && md >= 0) {
      const diff = md > ms ? md - ms : ms - md;
      const tenths = <i32>(<i64>diff * 1000 / <i64>ms);
      if (tenths > threshold) {
        results.report(PLAN01, tasks, 0, 0, msg("estimateDiffersFrom").s("value", (tenths / 10).toString()).s("value2", (tenths % 10).toString()).s("name", source.name));
      }
    }
  }
  const cdoc = plan !== null ? plan : tasks;
  if (cdoc !== null) conditions(input, results, cdoc);
  for (let i = 0; i < docs.length; i++) {
    estimate(docs[i]);
    if (RANGE && docs[i].text().indexOf("## Estimate Reconciliation") < 0) {
      results.report(PLAN03, docs[i], 0, 0, msg("considerAEstimateReconciliation"));
    }
  }
}
