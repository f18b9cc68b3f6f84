import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const SS002 = defineRule("SS-002", "session-state", SEV_ERROR, "Session state valid",
  "Session state parses and matches its schema.");

/** Facts: stateDetail, stateIssues ("path: message" per line; empty for a corrupt note). */
export function checkSS002(input: Input, results: Results, doc: Doc, status: string): void {
  const issues = input.factLines("stateIssues");
  if (issues === null || issues.length == 0) {
    const d = input.fact("stateDetail");
    results.report(SS002, doc, 0, 0, "Session state " + status + ": " + (d === null ? "" : d));
    return;
  }
  for (let i = 0; i < issues.length; i++) results.report(SS002, doc, 0, 0, "Session state " + status + ": " + issues[i]);
}
