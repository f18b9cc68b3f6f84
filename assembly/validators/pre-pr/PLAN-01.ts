// PLAN-01: the task list's estimate drifts from the epic/PRD/plan estimate by more than `threshold` percent.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { FAMILY_PLAN, PrePrCtx } from "./ctx";
import { estimate, Planning } from "./plan";

export const PLAN01 = defineRule("PLAN-01", SEV_WARNING, check);
function PLAN01_doc(): RuleDoc {
  return {
    id: "PLAN-01",
    validator: "pre-pr",
    title: "Estimate drift",
    description: "The estimate in the tasks document (the midpoint of the first hour range, else the first hour figure) differs from the estimate of the epic (else the PRD, else the plan) by more than `threshold` percent.",
    options: {
      threshold: { type: "integer", "default": 20, description: "Largest allowed difference in percent (config prePr.planning.estimateThreshold sets it too)." },
    },
    messages: {
      estimateDiffersFrom: "Estimate differs {{value}}.{{value2}}% from {{name}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PLAN) || ctx.docs.length == 0) return;
  const p = new Planning(ctx.docs);
  const source = p.source();
  const tasks = p.tasks;
  if (source === null || tasks === null || source === tasks) return;
  const threshold = ctx.input.optionInt(ctx.rule, "threshold", 20) * 10;
  const ms = estimate(source);
  const md = estimate(tasks);
  if (ms <= 0 || md < 0) return;
  const diff = md > ms ? md - ms : ms - md;
  const tenths = <i32>(<i64>diff * 1000 / <i64>ms);
  if (tenths > threshold) {
    ctx.report(ctx.rule, loc(tasks), msg("estimateDiffersFrom").s("value", (tenths / 10).toString()).s("value2", (tenths % 10).toString()).s("name", source.name));
  }
}
