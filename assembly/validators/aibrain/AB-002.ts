// AB-002: Checkpoint keys (aibrain validator; the front matter model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { J_STR } from "../../lib/json";
import { AibrainCtx, STR_KEYS, INT_KEYS, isWholeNonNeg, isoMs } from "./ctx";

export const AB002 = defineRule("AB-002", SEV_ERROR, check);
function AB002_doc(): RuleDoc {
  return {
    id: "AB-002",
    validator: "aibrain",
    title: "Checkpoint keys",
    description: "Required keys with their types: id, task_id, project, phase (strings), created_at, updated_at (ISO 8601), iteration_count, checkpoint_number (whole numbers >= 0).",
    messages: {
      missingKey: "Missing key '{{k}}'",
      mustBeANon: "'{{k}}' must be a non-empty string",
      mustBeAWhole: "'{{k}}' must be a whole number >= 0",
      createdAtIsNot: "'created_at' is not an ISO 8601 date-time: {{created}}",
      updatedAtIsNot: "'updated_at' is not an ISO 8601 date-time: {{updated}}",
      maxIterationsMustBe: "'max_iterations' must be a whole number >= 0",
    },
  };
}

function check(ctx: AibrainCtx): void {
  if (ctx.v === null) return;
  for (let i = 0; i < STR_KEYS.length; i++) {
    const k = STR_KEYS[i];
    const x = ctx.get(k);
    if (x === null) ctx.report(ctx.rule, ctx.start(), msg("missingKey").s("k", k));
    else if (x.kind != J_STR || x.s.length == 0) ctx.report(ctx.rule, ctx.at(x), msg("mustBeANon").s("k", k));
  }
  for (let i = 0; i < INT_KEYS.length; i++) {
    const k = INT_KEYS[i];
    const x = ctx.get(k);
    if (x === null) ctx.report(ctx.rule, ctx.start(), msg("missingKey").s("k", k));
    else if (!isWholeNonNeg(x)) ctx.report(ctx.rule, ctx.at(x), msg("mustBeAWhole").s("k", k));
  }
  const created = ctx.get("created_at");
  if (created !== null && created.kind == J_STR && isNaN(isoMs(created.s))) ctx.report(ctx.rule, ctx.at(created), msg("createdAtIsNot").s("created", created.s));
  const updated = ctx.get("updated_at");
  if (updated !== null && updated.kind == J_STR && isNaN(isoMs(updated.s))) ctx.report(ctx.rule, ctx.at(updated), msg("updatedAtIsNot").s("updated", updated.s));
  const mx = ctx.get("max_iterations");
  if (mx !== null && mx.kind != 0 && !isWholeNonNeg(mx)) ctx.report(ctx.rule, ctx.at(mx), msg("maxIterationsMustBe"));
}
