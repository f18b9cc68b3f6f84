// PH-009: GIT_COMMIT: committed and clean.
import { Input } from "../../io";
import { defineRule, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, lines, listed, plural, Verdict, pass, fail } from "./ctx";

export const PH009 = defineRule("PH-009", SEV_ERROR, check);
function PH009_doc(): RuleDoc {
  return {
    id: "PH-009",
    validator: "session-protocol",
    title: "GIT_COMMIT: committed and clean",
    description: "At least one commit since the starting commit and a clean working tree (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<SpCtx>(c);
  if (!ctx.is("GIT_COMMIT")) return;
  ctx.decide(gitCommit(ctx.input));
}

/** GIT_COMMIT. Facts: headCommit, startingCommit, commitsSince (int, -1 unknown), dirtyFiles (lines). */
function gitCommit(input: Input): Verdict {
  const head = str(input, "headCommit");
  if (head.length == 0) return fail("no commit in the repository");
  const n = input.factInt("commitsSince", -1);
  const missing: string[] = [];
  if (n < 0) missing.push("the starting commit " + str(input, "startingCommit") + " is unknown or not an ancestor of HEAD");
  else if (n == 0) missing.push("no commit since the starting commit " + str(input, "startingCommit"));
  const dirty = lines(input, "dirtyFiles");
  if (dirty.length > 0) missing.push("uncommitted changes (" + dirty.length.toString() + "): " + listed(dirty, 5));
  if (missing.length > 0) return fail(missing.join("; "));
  return pass(plural(n, "commit") + " since the starting commit, working tree clean (HEAD " + head.substring(0, 12) + ")", head);
}
