// Session-state validator: state-dependent checks for pre-commit and CI (spec session-state §6.3).
// The host reads the current state and passes it as facts; one document names the state note.
// Facts: stateStatus = ok | corrupt | invalid; stateDetail; stateIssues; currentMode;
// protocolStartComplete; protocolStartEvidence. (No state at all is a host-side skip, like any
// validator whose artifacts are absent.)
import { Input, Results } from "../../io";
import { KIND_SESSION_STATE } from "../../abi";
import { checkSS001 } from "./ss001-protocol-start";
import { checkSS002 } from "./ss002-readable";
import { Rule } from "../../rules";
import { SS001 } from "./ss001-protocol-start";
import { SS002 } from "./ss002-readable";

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
    } else checkSS002(input, results, doc, status == "" ? "unknown" : status);
  }
}

/** The session-state rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  SS001, SS002,
];
