// SP-017: .agents/HANDOFF.md is read-only (MUST NOT be modified on the branch). The host supplies
// "handoff.exists", "handoff.changed" (pre-commit: staged; ci/local: diff against the base ref) and,
// when the change is unknown, "handoff.why". Unknown: error in CI, warning elsewhere.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { SessionCtx } from "./context";
import { isCI, factOr } from "./md-log";

export const SP017 = defineRule("SP-017", SEV_ERROR);
function SP017_doc(): RuleDoc {
  return {
    id: "SP-017",
    validator: "session-log",
    title: "HANDOFF.md not modified",
    description: "HANDOFF.md is not changed on the branch.",
    messages: {
      handoffMdWasModified: "HANDOFF.md was modified; agents MUST NOT update it",
      cannotVerifyHandoffMd: "Cannot verify HANDOFF.md is unchanged: {{factOr}}",
    },
  };
}

/** Returns false when the check needs git facts that are unavailable (for the SP-090 note). */
export function checkHandoff(ctx: SessionCtx, git: bool): bool {
  const input = ctx.input;
  const changed = input.fact("handoff.changed");
  if (changed === null && !input.factBool("handoff.exists", false)) return true;
  if (changed == "1") {
    ctx.report(SP017, 0, 0,
      msg("handoffMdWasModified"));
  } else if (changed === null) {
    if (!git) return false;
    ctx.reportAs(SP017, isCI(input) ? SEV_ERROR : SEV_WARNING, 0, 0,
      msg("cannotVerifyHandoffMd").s("factOr", factOr(input, "handoff.why", "git facts unavailable")));
  }
  return true;
}
