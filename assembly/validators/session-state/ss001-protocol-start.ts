import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const SS001 = defineRule(
  "SS-001", "session-state", SEV_ERROR, "Session start protocol evidence missing",
  "The current session state does not record a completed session-start protocol with evidence (protocolStartComplete and a non-empty protocolStartEvidence). Skipped when no state exists (CI).",
);

/** Facts: protocolStartComplete (bool), protocolStartEvidence (one evidence key per line, non-empty values only). */
export function checkSS001(input: Input, results: Results, doc: Doc): void {
  const complete = input.factBool("protocolStartComplete", false);
  const ev = input.factLines("protocolStartEvidence");
  const n = ev === null ? 0 : ev.length;
  if (!complete && n == 0) {
    results.report(SS001, doc, 0, 0,
      "Session start protocol not recorded: protocolStartComplete is false and there is no start evidence (record it with `agentcheck session protocol-start`)");
  } else if (!complete) {
    results.report(SS001, doc, 0, 0,
      "Session start protocol incomplete: " + n.toString() + " evidence item(s) recorded but protocolStartComplete is false");
  } else if (n == 0) {
    results.report(SS001, doc, 0, 0,
      "Session start protocol marked complete without any evidence (protocolStartEvidence is empty)");
  }
}
