// SP-130: endingCommit's work on HEAD's history, as an ancestor or landed by content (full mode).
import { defineRule, msg, msgItem, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_STR } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";
import { SP090 } from "../SP-090";
import { isSha } from "./model";
import { gitReady, commitClass, recordedContentLanded, arrivedByMerge, COMMIT_MISSING, COMMIT_OFF_HISTORY } from "./git-rules";

export const SP130 = defineRule("SP-130", SEV_ERROR, check);
function SP130_doc(): RuleDoc {
  return {
    id: "SP-130",
    validator: "session-log",
    title: "Ending commit reachable",
    description: "A valid endingCommit names work that is on HEAD's history: the commit is an ancestor of HEAD, or its changes landed by content (a squash or rebase merge, a cherry-pick, an amended commit: every file the commit wrote is on HEAD's history with the same content; docs/session-logs.md \"Commit evidence\"), or the log's recorded contentEvidence (the blobs of the files the session changed) is on HEAD's history. An ending commit that exists but whose work did not land, and one the repository does not have, are errors, each with its own message.",
    messages: {
      endingCommitAbsent: "endingCommit '{{v}}' names no commit in this repository, so its work cannot be verified. Fetch the branch that has it (git fetch origin, then run again); if the commit was never pushed or its branch was deleted before a fetch, the log's work is unverifiable here: baseline the finding",
      endingCommitNotLanded: "endingCommit '{{v}}' is not on HEAD's history and its changes are not either (not merged, or changed again before they landed). Merge the branch that has the work; if the session's work was abandoned, baseline the finding",
    },
  };
}

function check(ctx: JsonCtx): void {
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
  const v = log.root.get("endingCommit");
  if (v === null || v.kind != J_STR || !isSha(v.s)) return; // empty or malformed: SP-117 / schema
  if (!gitReady(log, msgItem(msg("checkEndingCommitReachable")))) return;
  const input = log.ctx.input;
  if (input.factBool("git.shallow", false)) {
    ctx.report(SP090, log.at(v), msg("spEndingcommitReachableNot"));
    return;
  }
  const f = commitClass(log, v.s);
  if (f === null) {
    ctx.report(SP090, log.at(v), msg("spEndingcommitReachableNot2").s("v", v.s));
    return;
  }
  // ancestor and landed (its changes are on HEAD's history by content) pass; so does a commit whose
  // work the log's recorded contentEvidence finds on HEAD's history (the commit itself gone or rewritten)
  if ((f == COMMIT_MISSING || f == COMMIT_OFF_HISTORY) && recordedContentLanded(log)) return;
  if (f == COMMIT_MISSING && arrivedByMerge(log)) {
    ctx.report(SP090, log.at(v), msg("mergedLogNotVerifiable").s("what", msgItem(msg("checkEndingCommitReachable"))).s("detail", msgItem(msg("commitNotHere").s("sha", v.s))));
    return;
  }
  if (f == COMMIT_MISSING) ctx.report(ctx.rule, log.at(v), msg("endingCommitAbsent").s("v", v.s));
  else if (f == COMMIT_OFF_HISTORY) ctx.report(ctx.rule, log.at(v), msg("endingCommitNotLanded").s("v", v.s));
}

