// SP-090: git-bound checks skipped for lack of git facts (info, never a failure). On a markdown
// log: one note naming the rules that could not be checked (collected by them in MdCtx.skipped).
// The JSON rules report their own SP-090 notes (json/git-rules.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_INFO, KIND_SESSION_MD } from "../../abi";
import { MdCtx } from "./md-log";

export const SP090 = defineRule("SP-090", SEV_INFO, check);
function SP090_doc(): RuleDoc {
  return {
    id: "SP-090",
    validator: "session-log",
    title: "Git facts unavailable",
    description: "Git-bound checks skipped outside a git repository.",
    messages: {
      notCheckedGitFacts: "{{what}} not checked: git facts unavailable ({{detail}})",
      spEndingcommitReachableNot: "SP-130 (endingCommit reachable) not checked: shallow clone",
      spEndingcommitReachableNot2: "SP-130 (endingCommit reachable) not checked: no fact about commit {{v}}",
      noGitFactsNot: "No git facts (not a git repository root): {{skipped}} not checked",
      mergedLogNotVerifiable: "{{what}} not checked on this branch: the log arrived through a merge (another branch wrote it) and {{detail}}; the branch that wrote it answers for it",
    },
    // the checks not run without git facts ({{what}}, {{skipped}}) and why ({{detail}})
    terms: {
      noRepositoryInformation: "no repository information was supplied",
      checkEndingCommitReachable: "SP-130 (endingCommit reachable)",
      checkQaReport: "SP-131 (QA report {{path}})",
      checkQaScope: "SP-132 (QA {{label}} scope)",
      checkQaSkipScope: "SP-037 (QA skip scope)",
      checkCommitSha: "SP-041 (Commit SHA evidence)",
      noFactAboutCommit: "no fact about commit {{sha}}",
      endingCommitUnknown: "the endingCommit that ends the QA window is not in the repository",
      commitNotHere: "commit {{sha}} is not in this repository",
    },
  };
}

function check(ctx: MdCtx): void {
  if (ctx.doc.kind != KIND_SESSION_MD) return;
  if (ctx.skipped.length > 0) ctx.report(ctx.rule, ctx.at(0, 0), msg("noGitFactsNot").s("skipped", ctx.skipped));
}
