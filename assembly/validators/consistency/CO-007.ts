// CO-007: Epic, PRD, Tasks and Plan file names follow their patterns.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { ConsistencyCtx } from "./context";
import { Doc } from "../../io";
import { validName } from "./co-naming";

export const CO007 = defineRule("CO-007", SEV_ERROR, check);
function CO007_doc(): RuleDoc {
  return {
    id: "CO-007",
    validator: "consistency",
    title: "Artifact naming",
    description: "An Epic, PRD, Tasks or Plan file name does not follow its naming pattern.",
    messages: {
      namingViolation: "{{label}} naming violation: {{n}}",
    },
  };
}

function check(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  ctx.group("NamingConventions");
  one(ctx, f.epic, "epic", "Epic");
  one(ctx, f.prd, "prd", "PRD");
  one(ctx, f.tasks, "tasks", "Tasks");
  one(ctx, f.plan, "plan", "Plan");
}

function one(ctx: ConsistencyCtx, doc: Doc | null, key: string, label: string): void {
  if (doc === null) return;
  const n = doc.baseName();
  if (validName(key, n)) return;
  ctx.fail("NamingConventions");
  ctx.report(ctx.rule, loc(doc), msg("namingViolation").s("label", label).s("n", n));
}
