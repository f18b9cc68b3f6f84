// SP-041 (strict, post-commit contexts, not in creation or record mode; needs git facts): the commit row cites a commit that exists (fact "commits": the cited SHAs that name commits) and whose work is on HEAD's history (fact git.commit.<sha>: ancestor or landed by content).
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { SP090 } from "./SP-090";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit, citedSha } from "./md-log";
import { commitClassOf, arrivedByMergeNamed, COMMIT_MISSING, COMMIT_OFF_HISTORY } from "./json/git-rules";

export const SP041 = defineRule("SP-041", SEV_ERROR, check);
function SP041_doc(): RuleDoc {
  return {
    id: "SP-041",
    validator: "session-log",
    title: "Commit SHA evidence",
    description: "Strict, not in creation or record mode: the commit row cites an existing commit whose work is on HEAD's history: an ancestor of HEAD, or landed by content (a squash or rebase merge, a cherry-pick, an amend; the classification of SP-130, docs/session-logs.md \"Commit evidence\"). A log another branch wrote, brought by a merge, whose commit this repository does not have is noted (SP-090 mergedLogNotVerifiable), not failed.",
    messages: {
      noCommitAllChanges: "No 'Commit all changes' MUST row",
      commitRowLacksCommit: "Commit row lacks 'Commit SHA: <sha>'",
      commitShaNotFound: "Commit SHA not found in git history: {{sha}}",
      commitShaNotLanded: "Commit SHA {{sha}} is not on HEAD's history and its changes are not either (not merged, or changed again before they landed). Merge the branch that has the work; if it was abandoned, baseline the finding",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input) || !ctx.git || isPreCommit(input) || ctx.creation || ctx.record) return; // no git facts: SP-038 notes it for SP-090
  const row = ctx.log.commitRow();
  if (row === null) {
    ctx.report(ctx.rule, ctx.at(0, 0), msg("noCommitAllChanges"));
    return;
  }
  const sha = citedSha(row.evidence);
  if (sha.length == 0) {
    ctx.report(ctx.rule, ctx.at(row.line, 0), msg("commitRowLacksCommit"));
    return;
  }
  const known = input.factLines("commits");
  // the one classification of a cited commit (fact git.commit.<sha>, src/evidence/landed.ts classifyCommits)
  const cls = commitClassOf(input, sha);
  if ((known !== null && !known.includes(sha)) || cls == COMMIT_MISSING) {
    // a log another branch wrote, brought by a merge (issue 35 item 3): the commit it cites went with
    // that branch; noted, not failed (as SP-130 treats a JSON log's ending commit)
    if (arrivedByMergeNamed(input, ctx.doc.name)) {
      ctx.report(SP090, ctx.at(row.line, 0), msg("mergedLogNotVerifiable").s("what", msgItem(msg("checkCommitSha"))).s("detail", msgItem(msg("commitNotHere").s("sha", sha))));
    } else ctx.report(ctx.rule, ctx.at(row.line, 0), msg("commitShaNotFound").s("sha", sha));
    return;
  }
  if (cls == COMMIT_OFF_HISTORY) ctx.report(ctx.rule, ctx.at(row.line, 0), msg("commitShaNotLanded").s("sha", sha));
}
