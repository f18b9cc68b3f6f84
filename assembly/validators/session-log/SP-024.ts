// SP-024: a path cited in the checklist Evidence (the QA report, back-ticked file paths) must stay
// inside the repository: no absolute paths, no '..' escaping the root, no symlink leading out. The
// host resolves each cited path (pass 1 asks for them) into the fact "path.<p>" =
// file | dir | missing | outside.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, citedPaths, citedKey } from "./md-log";

export const SP024 = defineRule("SP-024", SEV_ERROR, check);
function SP024_doc(): RuleDoc {
  return {
    id: "SP-024",
    validator: "session-log",
    title: "Cited path inside repository",
    description: "Evidence paths stay inside the repository.",
    messages: {
      citedPathEscapesThe: "Cited path escapes the repository: {{raw}}",
      citedPathEscapesThe2: "Cited path escapes the repository (symlink): {{raw}}",
    },
  };
}

function check(ctx: MdCtx): void {
  const cited = citedPaths(ctx.input, ctx.log);
  for (let i = 0; i < cited.length; i++) {
    const k = citedKey(cited[i].raw);
    if (k.length == 0) ctx.report(ctx.rule, ctx.at(cited[i].line, 0), msg("citedPathEscapesThe").s("raw", cited[i].raw));
    else if (ctx.input.fact("path." + k) == "outside") {
      ctx.report(ctx.rule, ctx.at(cited[i].line, 0), msg("citedPathEscapesThe2").s("raw", cited[i].raw));
    }
  }
}
