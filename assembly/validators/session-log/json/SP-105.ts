// SP-105 (JSON session log, every mode): branch naming convention.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_WARNING } from "../../../abi";
import { J_STR } from "../../../lib/json";
import { JsonCtx } from "./ctx";

const BRANCH_PREFIXES: string[] = ["feat/", "fix/", "docs/", "chore/", "refactor/", "test/", "ci/"];

export const SP105 = defineRule("SP-105", SEV_WARNING, check);
function SP105_doc(): RuleDoc {
  return {
    id: "SP-105",
    validator: "session-log",
    title: "Branch naming convention",
    description: "A non-empty session.branch starts with feat/, fix/, docs/, chore/, refactor/, test/ or ci/.",
    messages: {
      branchDoesnTFollow: "Branch '{{br}}' doesn't follow conventional naming (feat/, fix/, docs/, chore/, refactor/, test/, ci/)",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  const sess = log.session();
  if (sess === null) return;
  const br = sess.get("branch");
  if (br !== null && br.kind == J_STR && br.s.length > 0) {
    let ok = false;
    for (let i = 0; i < BRANCH_PREFIXES.length; i++) if (br.s.startsWith(BRANCH_PREFIXES[i])) ok = true;
    if (!ok) ctx.report(ctx.rule, log.at(br), msg("branchDoesnTFollow").s("br", br.s));
  }
}
