import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const SS002 = defineRule(
  "SS-002", "session-state", SEV_ERROR, "Session state unreadable or invalid",
  "The current session state note (or its pointer) cannot be parsed, or it fails the SessionState schema or its invariants; one finding per schema issue.",
);

/** Facts: stateStatus (corrupt | invalid), stateDetail, stateIssues ("path: message" per line). */
export function checkSS002(input: Input, results: Results, doc: Doc, status: string): void {
  const detail = input.fact("stateDetail");
  if (status == "corrupt") {
    results.report(SS002, doc, 0, 0, "Session state is corrupt: " + (detail === null ? "unreadable" : detail));
    return;
  }
  const issues = input.factLines("stateIssues");
  if (issues === null || issues.length == 0) {
    results.report(SS002, doc, 0, 0, "Session state is invalid: " + (detail === null ? "schema check failed" : detail));
    return;
  }
  for (let i = 0; i < issues.length; i++) results.report(SS002, doc, 0, 0, "Session state is invalid: " + issues[i]);
}
