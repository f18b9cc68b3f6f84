// PP-000: Pre-PR runner — a row of the pre-pr report. The host runs the check (tools, delegations, rule
// families) and passes what happened as facts; this rule decides the row's status and message (row.ts).
import { defineRule, Msg, msg, msgIdText, RuleDoc } from "../../rules";
import { encodeList } from "../../lib/list";
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
    description: "Every registered pre-pr check gets exactly one row. Before a check runs, its row is a SKIP with the reason when it is not selected (`--only`), skipped by the user (`--skip` with `--reason`), switched off in the configuration (or off by default and not switched on), a slow check under `--quick`, or a test check under `--skip-tests`; such a row's message is \"Skipped\" and the reason goes with it. A check that throws is a FAIL row with the error text, and the later checks still run. The severity overrides of a check (`prePr.checks.<id>.severity`, rule id to error, warning, info or off) are applied here to every finding of its row, whichever tool reported it: \"off\" drops the finding. The messages of this rule are the texts of those rows.",
    messages: {
      notSelected: "not selected (--only)",
      skippedByUser: "skipped by user: {{reason}}",
      offByDefault: "off by default; enable with \"prePr\": { \"checks\": { \"{{row}}\": { \"enabled\": true } } }",
      switchedOff: "switched off in the configuration (\"prePr\": { \"checks\": { \"{{row}}\": { \"enabled\": false } } })",
      quickMode: "quick mode (--quick)",
      skipTests: "--skip-tests",
      crashed: "Validation error: {{error}}",
      skipped: "Skipped",
    },
  };
}

function check(c: PrePrCtx): void {
  const plan = rowPhase(c, "plan");
  if (plan !== null) {
    planRow(plan);
    return;
  }
  const ov = rowPhase(c, "overrides");
  if (ov !== null) {
    overrideRow(ov);
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
  let why: Msg | null = null;
  if (!input.factBool("selected", true)) why = msg("notSelected");
  else if (reason !== null) why = msg("skippedByUser").s("reason", reason);
  else if (!input.factBool("enabled", true)) why = msg(input.factBool("enabledByDefault", false) ? "switchedOff" : "offByDefault").s("row", row);
  else if (input.factBool("quick", false) && inList("slow", tags)) why = msg("quickMode");
  else if (input.factBool("skipTests", false) && inList("tests", tags)) why = msg("skipTests");
  if (why === null) {
    emit(ctx, RUN, null);
    return;
  }
  emit(ctx, SKIP, why);
  // the row's own text; the reason goes with it
  ctx.results.putGlobal("row.label", msgIdText(msg("skipped")));
}

/**
 * Phase "overrides": the effective severity of each finding of a row (facts "finding.rules" and
 * "severities", one per finding, in order) under the check's configured overrides (fact "overrides",
 * a list of rule id, severity pairs; "off" drops the finding). Answer: "row.severities", one per finding.
 */
function overrideRow(ctx: PrePrCtx): void {
  const input = ctx.input;
  const rules = input.factLines("finding.rules");
  const sevs = input.factLines("severities");
  const ov = input.factLines("overrides");
  const out: string[] = [];
  if (rules !== null && sevs !== null) {
    for (let i = 0; i < rules.length; i++) {
      let s = i < sevs.length ? sevs[i] : "error";
      if (ov !== null) for (let k = 0; k + 1 < ov.length; k += 2) if (ov[k] == rules[i]) s = ov[k + 1];
      out.push(s);
    }
  }
  ctx.results.putGlobal("row.severities", encodeList(out));
}
