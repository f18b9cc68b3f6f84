// SP-038 (strict): the files the session changed are known — staged files in pre-commit context,
// else the diff from the Starting Commit. Without git facts the strict git rules (SP-038 in
// pre-commit context and in creation mode, SP-038..SP-042 otherwise) are not checked; SP-090 notes that.
// In record mode (a log that already existed) none of SP-038..SP-042 runs, so nothing is noted.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit, changedFiles } from "./md-log";

export const SP038 = defineRule("SP-038", SEV_ERROR, check);
function SP038_doc(): RuleDoc {
  return {
    id: "SP-038",
    validator: "session-log",
    title: "Changed files known",
    description: "Strict, not in record mode: changed files are known (staged, or Starting Commit).",
    messages: {
      noStartingCommit: "No Starting Commit in Session Info; changed files unknown",
      startingCommitNotInHistory: "Starting Commit {{startSha}} not in git history; changed files unknown",
    },
  };
}

function check(ctx: MdCtx): void {
  const input = ctx.input;
  if (!isStrict(input) || ctx.record) return; // record mode (./mode.ts): no agreement with git, none noted
  if (!ctx.git) {
    ctx.notChecked(isPreCommit(input) || ctx.creation ? "SP-038" : "SP-038..SP-042");
    return;
  }
  const log = ctx.log;
  if (changedFiles(input, log) !== null) return;
  if (log.startSha.length == 0) ctx.report(ctx.rule, ctx.at(0, 0), msg("noStartingCommit"));
  else ctx.report(ctx.rule, ctx.at(0, 0), msg("startingCommitNotInHistory").s("startSha", log.startSha));
}
