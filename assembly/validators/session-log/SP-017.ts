// SP-017: .agents/HANDOFF.md is read-only (MUST NOT be modified on the branch). The host supplies
// "handoff.exists", "handoff.changed" (pre-commit: staged; ci/local: diff against the base ref) and,
// when the change is unknown, "handoff.why". Unknown: error in CI, warning elsewhere. Runs on each
// markdown log and on the repository document of a run (KIND_SESSION_REPO), where a repository-level
// git failure is reported once (the host then sets "repo.once" for the logs). Not on a log in record mode.
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING, DOC_IGNORED, KIND_SESSION_REPO } from "../../abi";
import { SessionCtx } from "./context";
import { MdCtx, isCI, factOr } from "./md-log";

export const SP017 = defineRule("SP-017", SEV_ERROR, check);
function SP017_doc(): RuleDoc {
  return {
    id: "SP-017",
    validator: "session-log",
    title: "HANDOFF.md not modified",
    description: "HANDOFF.md is not changed on the branch (not judged on a log in record mode).",
    messages: {
      handoffMdWasModified: "HANDOFF.md was modified; agents MUST NOT update it",
      cannotVerifyHandoffMd: "Cannot verify HANDOFF.md is unchanged: {{factOr}}",
      cannotVerifyHandoffMd2: "Cannot verify HANDOFF.md is unchanged (for every log of this run): {{factOr}}",
    },
    terms: {
      gitFactsUnavailable: "git facts unavailable",
    },
  };
}

/** SP-017 on the repository document of a run (KIND_SESSION_REPO; index.ts runs it with runCheck). */
export function checkRepo(s: SessionCtx): void {
  const input = s.input;
  if (s.doc.kind != KIND_SESSION_REPO) return;
  if (input.fact("handoff.changed") === null && input.factBool("handoff.exists", false) && input.factBool("git", false)) {
    s.reportAs(s.rule, isCI(input) ? SEV_ERROR : SEV_WARNING, s.at(0, 0), msg("cannotVerifyHandoffMd2").s("factOr", factOr(input, "handoff.why", msgItem(msg("gitFactsUnavailable")))));
  } else s.results.setDocStatus(s.doc, DOC_IGNORED);
}

/** SP-017 on a markdown log (md.ts). */
function check(ctx: MdCtx): void {
  const input = ctx.input;
  // record mode (./mode.ts): the MUST NOT of a session that already ended is not re-judged against
  // the change being made now (as JSON record mode drops handoffPreserved, SP-110)
  if (ctx.record) return;
  const changed = input.fact("handoff.changed");
  if (changed === null && !input.factBool("handoff.exists", false)) return;
  if (changed == "1") {
    ctx.report(ctx.rule, ctx.at(0, 0), msg("handoffMdWasModified"));
  } else if (changed === null) {
    if (!ctx.git) {
      ctx.notChecked("SP-017");
      return;
    }
    // a repository-level git failure is reported once, on the repository document
    if (input.factBool("repo.once", false)) return;
    ctx.reportAs(ctx.rule, isCI(input) ? SEV_ERROR : SEV_WARNING, ctx.at(0, 0), msg("cannotVerifyHandoffMd").s("factOr", factOr(input, "handoff.why", msgItem(msg("gitFactsUnavailable")))));
  }
}
