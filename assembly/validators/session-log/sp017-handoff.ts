// SP-017: .agents/HANDOFF.md is read-only (MUST NOT be modified on the branch). The host supplies
// "handoff.exists", "handoff.changed" (pre-commit: staged; ci/local: diff against the base ref) and,
// when the change is unknown, "handoff.why". Unknown: error in CI, warning elsewhere.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING, DOC_IGNORED } from "../../abi";
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
      cannotVerifyHandoffMd2: "Cannot verify HANDOFF.md is unchanged (for every log of this run): {{factOr}}",
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
    // a repository-level git failure is reported once, on the repository document (checkRepoHandoff)
    if (input.factBool("repo.once", false)) return true;
    ctx.reportAs(SP017, isCI(input) ? SEV_ERROR : SEV_WARNING, 0, 0,
      msg("cannotVerifyHandoffMd").s("factOr", factOr(input, "handoff.why", "git facts unavailable")));
  }
  return true;
}

/** The repository document: SP-017 "cannot verify" once per run (the host sets "repo.once" for the logs). */
export function checkRepoHandoff(ctx: SessionCtx): void {
  const input = ctx.input;
  if (input.fact("handoff.changed") === null && input.factBool("handoff.exists", false) && input.factBool("git", false)) {
    ctx.reportAs(SP017, isCI(input) ? SEV_ERROR : SEV_WARNING, 0, 0,
      msg("cannotVerifyHandoffMd2").s("factOr", factOr(input, "handoff.why", "git facts unavailable")));
  } else ctx.results.setDocStatus(ctx.doc, DOC_IGNORED);
}
