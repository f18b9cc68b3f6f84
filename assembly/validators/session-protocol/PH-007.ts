// PH-007: QUALITY_CHECKS: markdown lint.
import { Input } from "../../io";
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, lines, listed, Verdict, pass, fail, count } from "./ctx";

export const PH007 = defineRule("PH-007", SEV_ERROR, check);
function PH007_doc(): RuleDoc {
  return {
    id: "PH-007",
    validator: "session-protocol",
    title: "QUALITY_CHECKS: markdown lint",
    description: "Markdown changed since the starting commit lints clean (MUST, blocking). Findings the markdownlint configuration marks as warnings do not block (as in pre-pr's PP-003, where they make a WARN row); the pass lists them.",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      lintFailed: "markdown lint could not run: {{error}}",
      notRun: "markdown lint did not run",
      problems: "markdown lint: {{n}} problem{{ns}} in changed files: {{findings}}",
      noMarkdown: "no markdown changed since the starting commit",
      ok: "markdown lint clean on {{n}} changed file{{ns}}",
      okWarnings: "markdown lint clean on {{n}} changed file{{ns}}, with {{w}} warning{{ws}}: {{warnings}}",
    },
    terms: {
      evidenceNoMarkdown: "no changed markdown",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("QUALITY_CHECKS")) return;
  ctx.decide(qualityChecks(ctx.input));
}

/** QUALITY_CHECKS. Facts: changedMarkdown (lines), lintFindings (lines: error findings), lintWarnings (lines: warning findings), lintError. */
function qualityChecks(input: Input): Verdict {
  const err = str(input, "lintError");
  if (err.length > 0) return fail(msg("lintFailed").s("error", err));
  if (!input.has("lintFindings")) return fail(msg("notRun"));
  const files = lines(input, "changedMarkdown");
  const f = lines(input, "lintFindings");
  if (f.length > 0) return fail(count(msg("problems"), "n", f.length).s("findings", listed(f, 5)));
  if (files.length == 0) return pass(msg("noMarkdown"), msgItem(msg("evidenceNoMarkdown")));
  const w = input.has("lintWarnings") ? lines(input, "lintWarnings") : new Array<string>(0);
  if (w.length > 0) return pass(count(count(msg("okWarnings"), "n", files.length), "w", w.length).s("warnings", listed(w, 5)), listed(files, 10));
  return pass(count(msg("ok"), "n", files.length), listed(files, 10));
}
