// PP-000: Pre-PR runner — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { inList } from "./util";
import { PrePrCtx } from "./ctx";
import { emit, rowPhase, factStr, RUN, FAIL, SKIP } from "./row";

export const PP000 = defineRule("PP-000", SEV_ERROR, check);
function PP000_doc(): RuleDoc {
  return {
    id: "PP-000",
    validator: "pre-pr",
    title: "Pre-PR runner",
    description: "Every registered pre-pr check gets exactly one row. Before a check runs, its row is a SKIP with the reason when it is not selected (`--only`), skipped by the user (`--skip` with `--reason`), switched off in the configuration (or off by default and not switched on), a slow check under `--quick`, or a test check under `--skip-tests`. A check that throws is a FAIL row with the error text, and the later checks still run. The messages of this rule are the texts of those rows.",
    messages: {
      notSelected: "not selected (--only)",
      skippedByUser: "skipped by user: {{reason}}",
      offByDefault: "off by default; enable with \"prePr\": { \"checks\": { \"{{row}}\": { \"enabled\": true } } }",
      switchedOff: "switched off in the configuration (\"prePr\": { \"checks\": { \"{{row}}\": { \"enabled\": false } } })",
      quickMode: "quick mode (--quick)",
      skipTests: "--skip-tests",
      crashed: "Validation error: {{error}}",
    },
  };
}

function check(c: RuleCtx): void {
  const plan = rowPhase(c, "plan");
  if (plan !== null) {
    planRow(plan);
    return;
  }
  const res = rowPhase(c, "result");
  if (res !== null && res.input.has("error")) emit(res, FAIL, msg("crashed").s("error", factStr(res, "error")));
}

/** Whether the check of the row runs (RUN) or why not (SKIP), in this order. */
function planRow(ctx: PrePrCtx): void {
  const input = ctx.input;
  const row = factStr(ctx, "row");
  const tags = input.factLines("tags");
  const reason = input.fact("skip.reason");
  if (!input.factBool("selected", true)) emit(ctx, SKIP, msg("notSelected"));
  else if (reason !== null) emit(ctx, SKIP, msg("skippedByUser").s("reason", reason));
  else if (!input.factBool("enabled", true)) emit(ctx, SKIP, msg(input.factBool("enabledByDefault", false) ? "switchedOff" : "offByDefault").s("row", row));
  else if (input.factBool("quick", false) && inList("slow", tags)) emit(ctx, SKIP, msg("quickMode"));
  else if (input.factBool("skipTests", false) && inList("tests", tags)) emit(ctx, SKIP, msg("skipTests"));
  else emit(ctx, RUN, null);
}
