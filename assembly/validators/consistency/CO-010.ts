// CO-010: no P0 task left unchecked (checkpoint 2 only).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { marker, taskLine } from "./co-tasks";

export const CO010 = defineRule("CO-010", SEV_ERROR, check);
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

function check(ctx: ConsistencyCtx): void {
  if (ctx.checkpoint < 2) return;
  ctx.group("TaskCompletion");
  const f = ctx.feature;
  const doc = f.tasks;
  if (doc === null || ctx.unread("TaskCompletion", doc)) return;
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
  if (p0 == 0) return;
  ctx.fail("TaskCompletion");
  ctx.report(ctx.rule, loc(doc, firstP0), msg("p0TasksIncomplete").s("p0", p0.toString()));
}
