// PH-007: QUALITY_CHECKS: markdown lint.
import { Input } from "../../io";
import { defineRule, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, lines, listed, plural, Verdict, pass, fail } from "./ctx";

export const PH007 = defineRule("PH-007", SEV_ERROR, check);
function PH007_doc(): RuleDoc {
  return {
    id: "PH-007",
    validator: "session-protocol",
    title: "QUALITY_CHECKS: markdown lint",
    description: "Markdown changed since the starting commit lints clean (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<SpCtx>(c);
  if (!ctx.is("QUALITY_CHECKS")) return;
  ctx.decide(qualityChecks(ctx.input));
}

/** QUALITY_CHECKS. Facts: changedMarkdown (lines), lintFindings (lines), lintError. */
function qualityChecks(input: Input): Verdict {
  const err = str(input, "lintError");
  if (err.length > 0) return fail("markdown lint could not run: " + err);
  if (!input.has("lintFindings")) return fail("markdown lint did not run");
  const files = lines(input, "changedMarkdown");
  const f = lines(input, "lintFindings");
  if (f.length > 0) return fail("markdown lint: " + plural(f.length, "problem") + " in changed files: " + listed(f, 5));
  if (files.length == 0) return pass("no markdown changed since the starting commit", "no changed markdown");
  return pass("markdown lint clean on " + plural(files.length, "changed file"), listed(files, 10));
}
