// TaskCompletion (Checkpoint 2): CO-010.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { isWs, skipWs, at } from "../../lib/mdscan";

export const CO010 = defineRule("CO-010", SEV_ERROR);
function CO010_doc(): RuleDoc {
  return {
    id: "CO-010",
    validator: "consistency",
    title: "P0 tasks incomplete",
    description: "Checkpoint 2: an unchecked task sits under a P0 marker.",
    messages: {
      p0TasksIncomplete: "P0 tasks incomplete: {{p0}}",
    },
  };
}

/** Priority set by a marker on this line (0, 1, 2), or -1. */
function marker(l: string): i32 {
  const h = l.indexOf("##");
  for (let p = 0; p < 3; p++) {
    const tok = "P" + p.toString();
    if (h >= 0 && l.indexOf(tok, h + 2) >= 0) return p;
    let i = l.indexOf("Priority:");
    while (i >= 0) {
      if (at(l, tok, skipWs(l, i + 9))) return p;
      i = l.indexOf("Priority:", i + 1);
    }
  }
  return -1;
}

/** 0 unchecked task, 1 checked task, -1 not a task line. */
function taskLine(l: string): i32 {
  const x = skipWs(l, 0);
  if (x >= l.length) return -1;
  const c = l.charCodeAt(x);
  if (c != 45 && c != 42) return -1;
  const q = skipWs(l, x + 1);
  if (q == x + 1 || q + 3 > l.length || l.charCodeAt(q) != 91 || l.charCodeAt(q + 2) != 93) return -1;
  const m = l.charCodeAt(q + 1);
  if (m != 32 && m != 120) return -1;
  // `\s+(.+)$`: at least one white space, then at least one more character
  if (q + 5 > l.length || !isWs(l.charCodeAt(q + 3))) return -1;
  return m == 120 ? 1 : 0;
}

export function checkTasks(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const doc = f.tasks;
  if (doc === null) {
    ctx.check("TaskCompletion", true);
    return;
  }
  const lines = doc.lines();
  let prio = 2;
  let total = 0;
  let done = 0;
  let p0 = 0;
  let p1 = 0;
  let firstP0 = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const m = marker(l);
    if (m >= 0) prio = m;
    const k = taskLine(l);
    if (k < 0) continue;
    total++;
    if (k == 1) done++;
    else if (prio == 0) {
      if (p0 == 0) firstP0 = i + 1;
      p0++;
    } else if (prio == 1) p1++;
  }
  f.counters.push("total=" + total.toString());
  f.counters.push("completed=" + done.toString());
  f.counters.push("p0Incomplete=" + p0.toString());
  f.counters.push("p1Incomplete=" + p1.toString());
  if (p0 > 0) ctx.report(CO010, doc, firstP0, msg("p0TasksIncomplete").s("p0", p0.toString()));
  ctx.check("TaskCompletion", p0 == 0);
}
