// SP-021: commit evidence exists: a SHA in the commit row or under "Commits This Session"
// (warning; not in pre-commit context, where the commit does not exist yet, nor in creation mode, nor
// in record mode: an old log's commit evidence is not re-demanded).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MdCtx, MdLog, leadingSha, citedSha, isPreCommit } from "./md-log";
import { isAlnum, isAlpha, isHex } from "../../lib/text";

export const SP021 = defineRule("SP-021", SEV_WARNING, check);
function SP021_doc(): RuleDoc {
  return {
    id: "SP-021",
    validator: "session-log",
    title: "Commit evidence",
    description: "The log cites a commit SHA (not in pre-commit context, creation or record mode).",
    messages: {
      noCommitEvidenceFound: "No commit evidence found in session log",
    },
  };
}

/** First word-bounded 7-40 hex run with at least one letter in lines [a, b). */
function hexIn(log: MdLog, a: i32, b: i32): string {
  for (let i = a; i < b; i++) {
    const l = log.line(i);
    for (let k = 0; k < l.length; k++) {
      if (!isHex(l.charCodeAt(k)) || (k > 0 && isAlnum(l.charCodeAt(k - 1)))) continue;
      const s = leadingSha(l.substring(k, k + 41));
      if (s.length == 0) continue;
      for (let j = 0; j < s.length; j++) if (isAlpha(s.charCodeAt(j))) return s;
    }
  }
  return "";
}

function check(ctx: MdCtx): void {
  if (isPreCommit(ctx.input) || ctx.creation || ctx.record) return;
  const log = ctx.log;
  const row = log.commitRow();
  if (row !== null && citedSha(row.evidence).length > 0) return;
  const s = log.section("commits this session");
  if (s[0] >= 0 && hexIn(log, s[0], s[1]).length > 0) return;
  ctx.report(ctx.rule, ctx.at(0, 0), msg("noCommitEvidenceFound"));
}
