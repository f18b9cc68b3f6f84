// SP-038 (strict): the files the session changed are known — staged files in pre-commit context,
// else the diff from the Starting Commit. Without git facts the strict git rules (SP-038 in
// pre-commit context, SP-038..SP-042 otherwise) are not checked; SP-090 notes that.
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, isStrict, isPreCommit, changedFiles } from "./md-log";

export const SP038 = defineRule("SP-038", SEV_ERROR, check);
function SP038_doc(): RuleDoc {
  return {
    id: "SP-038",
    validator: "session-log",
    title: "Changed files known",
    description: "Strict: changed files are known (staged, or Starting Commit).",
    messages: {
      message: "{{detail}}",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<MdCtx>(c);
  const input = ctx.input;
  if (!isStrict(input)) return;
  if (!ctx.git) {
    ctx.notChecked(isPreCommit(input) ? "SP-038" : "SP-038..SP-042");
    return;
  }
  const log = ctx.log;
  if (changedFiles(input, log) !== null) return;
  ctx.report(ctx.rule, 0, 0, msg("message").s("detail", log.startSha.length == 0
    ? "No Starting Commit in Session Info; changed files unknown"
    : "Starting Commit " + log.startSha + " not in git history; changed files unknown"));
}
