import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const SS001 = defineRule("SS-001", SEV_ERROR);
function SS001_doc(): RuleDoc {
  return {
    id: "SS-001",
    validator: "session-state",
    title: "Protocol start evidence",
    description: "Session state records protocol start with evidence.",
    messages: {
      protocolStartNotRecorded: "Protocol start not recorded (complete: {{detail}}, evidence: {{n}}); run agentcheck session protocol-start",
    },
  };
}

/** Facts: protocolStartComplete (bool), protocolStartEvidence (keys with non-empty values, one per line). */
export function checkSS001(input: Input, results: Results, doc: Doc): void {
  const ok = input.factBool("protocolStartComplete", false);
  const ev = input.factLines("protocolStartEvidence");
  const n = ev === null ? 0 : ev.length;
  if (ok && n > 0) return;
  results.report(SS001, doc, 0, 0, msg("protocolStartNotRecorded").s("detail", (ok ? "yes" : "no")).s("n", n.toString()));
}
