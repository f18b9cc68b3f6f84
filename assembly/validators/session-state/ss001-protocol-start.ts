import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const SS001 = defineRule("SS-001", "session-state", SEV_ERROR, "Protocol start evidence",
  "Session state records protocol start with evidence.");

/** Facts: protocolStartComplete (bool), protocolStartEvidence (keys with non-empty values, one per line). */
export function checkSS001(input: Input, results: Results, doc: Doc): void {
  const ok = input.factBool("protocolStartComplete", false);
  const ev = input.factLines("protocolStartEvidence");
  const n = ev === null ? 0 : ev.length;
  if (ok && n > 0) return;
  results.report(SS001, doc, 0, 0, "Protocol start not recorded (complete: " + (ok ? "yes" : "no") + ", evidence: " + n.toString() +
    "); run agentcheck session protocol-start");
}
