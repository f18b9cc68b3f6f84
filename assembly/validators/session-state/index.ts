// Session-state validator: state-dependent checks for pre-commit and CI (spec session-state §6.3).
// The host reads the current state and passes it as facts; one document names the state note.
// Facts: stateStatus = ok | missing | corrupt | invalid; stateDetail; stateIssues; currentMode;
// protocolStartComplete; protocolStartEvidence.
import { Input, Results } from "../../io";
import { KIND_SESSION_STATE, DOC_SKIPPED } from "../../abi";
import { checkSS001 } from "./ss001-protocol-start";
import { checkSS002 } from "./ss002-readable";

export function validateSessionState(input: Input, results: Results): void {
  const st = input.fact("stateStatus");
  const status = st === null ? "" : st;
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind != KIND_SESSION_STATE) continue;
    if (status == "ok") {
      const mode = input.fact("currentMode");
      if (mode !== null) results.put(doc, "mode", mode);
      checkSS001(input, results, doc);
    } else if (status == "corrupt" || status == "invalid") {
      checkSS002(input, results, doc, status);
    } else {
      // no state (CI checkouts have none) or an unknown status: never a pass, never a failure
      const detail = input.fact("stateDetail");
      results.put(doc, "skip", "no session state" + (detail === null ? "" : " (" + detail + ")") + ": state-dependent checks skipped");
      results.setDocStatus(doc, DOC_SKIPPED);
    }
  }
}
