// SP-104 (JSON session log, every mode): starting commit format.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_STR } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { isSha } from "./model";

export const SP104 = defineRule("SP-104", SEV_ERROR, check);
function SP104_doc(): RuleDoc {
  return {
    id: "SP-104",
    validator: "session-log",
    title: "Starting commit format",
    description: "A non-empty session.startingCommit is 7-40 lower-case hex digits.",
    messages: {
      invalidCommitShaFormat: "Invalid commit SHA format: {{sc}} (expected 7 to 40 lower-case hex digits)",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  const sess = log.session();
  if (sess === null) return;
  const sc = sess.get("startingCommit");
  if (sc !== null && sc.kind == J_STR && sc.s.length > 0 && !isSha(sc.s)) {
    ctx.report(ctx.rule, log.at(sc), msg("invalidCommitShaFormat").s("sc", sc.s));
  }
}
