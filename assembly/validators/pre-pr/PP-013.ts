// PP-013: HANDOFF Token Budget — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { PrePrCtx } from "./ctx";
import { SEV_ERROR } from "../../abi";
import { emit, ownRow, checked, factStr, onBranch, PASS } from "./row";

export const PP013 = defineRule("PP-013", SEV_ERROR, check);
function PP013_doc(): RuleDoc {
  return {
    id: "PP-013",
    validator: "pre-pr",
    title: "HANDOFF Token Budget",
    description: "When the handoff file changed, it stays under the configured token budget (TOK-03 findings; off by default).",
    messages: {
      notFound: "{{file}} not found",
      notChanged: "{{file}} not changed",
      budget: "{{file}}: budget {{max}} tokens",
    },
  };
}

function check(c: PrePrCtx): void {
  const ctx = ownRow(c, "result");
  if (ctx === null) return;
  const file = factStr(ctx, "file");
  if (!ctx.input.factBool("present", false)) emit(ctx, PASS, msg(onBranch(ctx) ? "notChanged" : "notFound").s("file", file));
  else checked(ctx, msg("budget").s("file", file).s("max", factStr(ctx, "max")));
}
