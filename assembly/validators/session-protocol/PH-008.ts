// PH-008: QA_VALIDATION: QA report or docs-only.
import { Input } from "../../io";
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, lines, listed, Verdict, pass, fail, count } from "./ctx";
import { nonDocFiles, DEFAULT_SESSIONS_DIR } from "../session-log/qa-scope";

export const PH008 = defineRule("PH-008", SEV_ERROR, check);
function PH008_doc(): RuleDoc {
  return {
    id: "PH-008",
    validator: "session-protocol",
    title: "QA_VALIDATION: QA report or docs-only",
    description: "A QA report for the session exists under .agents/qa/, or every change since the starting commit is documentation (SKIPPED: docs-only) (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      ok: "QA report: {{reports}}",
      unknownChanges: "no QA report for session {{session}} under .agents/qa/, and the changes since the starting commit are unknown (no git history)",
      noChanges: "docs-only: no changes since the starting commit",
      docsOnly: "docs-only: all {{n}} changed file{{ns}} are documentation",
      skipNotAllowed: "skip_qa is allowed only for docs-only changes; {{n}} non-documentation file{{ns}} changed: {{files}}",
      noReport: "no QA report for session {{session}} under .agents/qa/ and {{n}} non-documentation file{{ns}} changed: {{files}}",
    },
    terms: {
      evidenceNoChanges: "no changes",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("QA_VALIDATION")) return;
  ctx.decide(qaValidation(ctx.input));
}

/** QA_VALIDATION. Facts: sessionId, qaReports (lines), changesKnown (bool), changedFiles (lines), skipQa (bool), memoriesDir. */
function qaValidation(input: Input): Verdict {
  const reports = lines(input, "qaReports");
  const skip = input.factBool("skipQa", false);
  if (reports.length > 0 && !skip) return pass(msg("ok").s("reports", listed(reports, 3)), listed(reports, 3));
  if (!input.factBool("changesKnown", false)) {
    return fail(msg("unknownChanges").s("session", str(input, "sessionId")));
  }
  const changed = lines(input, "changedFiles");
  const mem = input.has("memoriesDir") ? str(input, "memoriesDir") : ".serena/memories";
  const sessions = input.has("sessions.dir") ? str(input, "sessions.dir") : DEFAULT_SESSIONS_DIR; // config paths.sessions
  const nonDoc = nonDocFiles(changed, mem, sessions);
  if (nonDoc === null) return new Verdict("SKIPPED", msg("noChanges"), msgItem(msg("evidenceNoChanges")));
  if (nonDoc.length == 0) {
    return new Verdict("SKIPPED", count(msg("docsOnly"), "n", changed.length), listed(changed, 10));
  }
  if (skip) {
    return fail(count(msg("skipNotAllowed"), "n", nonDoc.length).s("files", listed(nonDoc, 5)));
  }
  return fail(count(msg("noReport").s("session", str(input, "sessionId")), "n", nonDoc.length).s("files", listed(nonDoc, 5)));
}
