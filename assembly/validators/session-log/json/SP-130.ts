// SP-130: endingCommit reachable (full mode).
import { defineRule, msg, msgItem, RuleDoc, RuleCtx } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { J_STR } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";
import { SP090 } from "../SP-090";
import { isSha } from "./model";
import { gitReady, commitFact } from "./git-rules";

export const SP130 = defineRule("SP-130", SEV_ERROR, check);
function SP130_doc(): RuleDoc {
  return {
    id: "SP-130",
    validator: "session-log",
    title: "Ending commit reachable",
    description: "A valid endingCommit exists and is an ancestor of HEAD.",
    messages: {
      endingcommitDoesNotName: "endingCommit '{{v}}' does not name a commit in this repository. Likely causes: the PR was squash merged; the commit was amended or rebased; the SHA was never pushed. Record the real SHA in a follow-up commit",
      endingcommitIsNotAn: "endingCommit '{{v}}' is not an ancestor of HEAD. Likely causes: the PR was squash merged; the commit was amended or rebased. Record the real SHA in a follow-up commit",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<JsonCtx>(c);
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
  const v = log.root.get("endingCommit");
  if (v === null || v.kind != J_STR || !isSha(v.s)) return; // empty or malformed: SP-117 / schema
  if (!gitReady(log, msgItem(msg("checkEndingCommitReachable")))) return;
  const input = log.ctx.input;
  if (input.factBool("git.shallow", false)) {
    log.report(SP090, v, msg("spEndingcommitReachableNot"));
    return;
  }
  const f = commitFact(input, v.s);
  if (f === null) {
    log.report(SP090, v, msg("spEndingcommitReachableNot2").s("v", v.s));
    return;
  }
  if (f == "missing") {
    log.report(c.rule, v, msg("endingcommitDoesNotName").s("v", v.s));
  } else if (f.startsWith("off-history")) {
    log.report(c.rule, v, msg("endingcommitIsNotAn").s("v", v.s));
  }
}

