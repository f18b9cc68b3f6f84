import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const SS002 = defineRule("SS-002", SEV_ERROR);
function SS002_doc(): RuleDoc {
  return {
    id: "SS-002",
    validator: "session-state",
    title: "Session state valid",
    description: "Session state parses and matches its schema.",
    messages: {
      sessionState: "Session state {{status}}: {{detail}}",
      sessionState2: "Session state {{status}}: {{issues}}",
    },
  };
}

/** Facts: stateDetail, stateIssues ("path: message" per line; empty for a corrupt note). */
export function checkSS002(input: Input, results: Results, doc: Doc, status: string): void {
  const issues = input.factLines("stateIssues");
  if (issues === null || issues.length == 0) {
    const d = input.fact("stateDetail");
    results.report(SS002, doc, 0, 0, msg("sessionState").s("status", status).s("detail", (d === null ? "" : d)));
    return;
  }
  for (let i = 0; i < issues.length; i++) results.report(SS002, doc, 0, 0, msg("sessionState2").s("status", status).s("issues", issues[i]));
}
