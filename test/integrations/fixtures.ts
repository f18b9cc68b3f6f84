// Session logs for the integration tests: a fresh JSON log as a session starts it (every item
// still open; valid in creation mode) and clearly broken ones.
export function freshJsonLog(n: number, date = "2026-01-05"): string {
  const item = (level: string) => ({ level, Complete: false, Evidence: "" });
  return JSON.stringify(
    {
      schemaVersion: "1.0",
      session: { number: n, date, branch: "feat/example", startingCommit: "", objective: "Example session" },
      protocolCompliance: {
        sessionStart: {
          serenaActivated: item("MUST"),
          serenaInstructions: item("MUST"),
          handoffRead: item("MUST"),
          sessionLogCreated: item("MUST"),
          skillScriptsListed: item("MUST"),
          usageMandatoryRead: item("MUST"),
          constraintsRead: item("MUST"),
          memoriesLoaded: item("MUST"),
          branchVerified: item("MUST"),
          notOnMain: item("MUST"),
        },
        sessionEnd: {
          checklistComplete: item("MUST"),
          handoffPreserved: item("MUST"),
          serenaMemoryUpdated: item("MUST"),
          markdownLintRun: item("MUST"),
          qaValidation: item("MUST"),
          changesCommitted: item("MUST"),
          validationPassed: item("MUST"),
        },
      },
      workLog: [],
      endingCommit: "",
      nextSteps: [],
    },
    null,
    2,
  ) + "\n";
}

export const GOOD_LOG = ".agents/sessions/2026-01-05-session-1.json";
/** Misnamed (SP-001) and empty (AC-001): fails under every rule set. */
export const BAD_LOG = ".agents/sessions/session-notes.md";
