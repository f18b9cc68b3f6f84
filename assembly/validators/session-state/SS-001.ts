import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { StateCtx } from "./context";

export const SS001 = defineRule("SS-001", SEV_ERROR, check);
function SS001_doc(): RuleDoc {
  return {
    id: "SS-001",
    validator: "session-state",
    title: "Protocol start evidence",
    description: "Session state records protocol start with evidence: protocolStartComplete is true and protocolStartEvidence holds at least one entry whose value is not blank. Checked on a valid state only (SS-002 reports the others).",
    messages: {
      protocolStartNotRecorded: "Protocol start not recorded (complete: no, evidence: {{n}}); run agentcheck session protocol-start",
      protocolStartNoEvidence: "Protocol start not recorded (complete: yes, evidence: {{n}}); run agentcheck session protocol-start",
    },
  };
}

function check(ctx: StateCtx): void {
  if (!ctx.valid()) return; // only a valid state is read (SS-002 reports the others)
  const ok = ctx.bool("protocolStartComplete");
  const n = ctx.evidence("protocolStartEvidence").length;
  if (ok && n > 0) return;
  ctx.report(ctx.rule, loc(ctx.doc), msg(ok ? "protocolStartNoEvidence" : "protocolStartNotRecorded").s("n", n.toString()));
}
