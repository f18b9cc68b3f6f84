// RDY-01: the branch's size (commits, changed files, added lines) over its warn or fail level.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc } from "../../io";
import { FAMILY_SIZE, PrePrCtx, PrePrCtx } from "./ctx";

export const RDY01 = defineRule("RDY-01", SEV_ERROR, check);
function RDY01_doc(): RuleDoc {
  return {
    id: "RDY-01",
    validator: "pre-pr",
    title: "Branch size",
    description: "The branch has more commits, changed files or added lines (facts from git, since the merge base) than the warn level (a warning) or the fail level (an error); a level of -1 is off. Large PRs are hard to review.",
    options: {
      commitsWarn: { type: "integer", "default": 15, description: "Commits above which the branch is reported as a warning (-1 = off; config prePr.prSize.commits.warn)." },
      commitsFail: { type: "integer", "default": 20, description: "Commits above which the branch fails (-1 = off)." },
      filesWarn: { type: "integer", "default": 20, description: "Changed files above which the branch is reported as a warning (-1 = off)." },
      filesFail: { type: "integer", "default": 50, description: "Changed files above which the branch fails (-1 = off)." },
      additionsWarn: { type: "integer", "default": 500, description: "Added lines above which the branch is reported as a warning (-1 = off)." },
      additionsFail: { type: "integer", "default": -1, description: "Added lines above which the branch fails (-1 = off)." },
    },
    messages: {
      message: "{{n}} {{what}} > {{fail}}",
      message2: "{{n}} {{what}} > {{warn}}",
    },
  };
}

// contract: fact "size.{what}"; data "commits" "files" "additions" (the keys below)
function measure(ctx: PrePrCtx, doc: Doc, what: string, warnDefault: i32, failDefault: i32): void {
  const n = ctx.input.factInt("size." + what, -1);
  if (n < 0) return;
  const fail = ctx.input.optionInt(ctx.rule, what + "Fail", failDefault);
  const warn = ctx.input.optionInt(ctx.rule, what + "Warn", warnDefault);
  ctx.results.put(doc, what, n.toString());
  if (fail >= 0 && n > fail) {
    ctx.reportAs(ctx.rule, SEV_ERROR, loc(doc), msg("message").s("n", n.toString()).s("what", what).s("fail", fail.toString()));
  } else if (warn >= 0 && n > warn) {
    ctx.reportAs(ctx.rule, SEV_WARNING, loc(doc), msg("message2").s("n", n.toString()).s("what", what).s("warn", warn.toString()));
  }
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SIZE) || ctx.docs.length == 0) return;
  measure(ctx, ctx.docs[0], "commits", 15, 20);
  measure(ctx, ctx.docs[0], "files", 20, 50);
  measure(ctx, ctx.docs[0], "additions", 500, -1);
}
