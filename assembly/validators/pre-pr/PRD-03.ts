// PRD-03: a significant changed file the PR description does not name.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { asciiLower } from "../../lib/text";
import { inList } from "./util";
import { FAMILY_PRD, PrePrCtx } from "./ctx";
import { listOption, matches, prBody } from "./prd";

export const PRD03 = defineRule("PRD-03", SEV_WARNING, check);
function PRD03_doc(): RuleDoc {
  return {
    id: "PRD-03",
    validator: "pre-pr",
    title: "Changed, not mentioned",
    description: "A changed file with one of `significantExtensions` under one of `significantPaths` is not named in the PR description (mentions as for PRD-02).",
    options: {
      significantExtensions: {
        type: "string[]",
        "default": [".ps1", ".cs", ".ts", ".js", ".py", ".yml", ".yaml", ".go"],
        description: "Extensions of significant files (config prePr.prDescription.significantExtensions sets it too).",
      },
      significantPaths: {
        type: "string[]",
        "default": [".github", "scripts", "src", ".agents"],
        description: "Path prefixes of significant files (config prePr.prDescription.significantPaths).",
      },
    },
    messages: {
      changedNotMentioned: "{{c}}: changed, not mentioned",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PRD)) return;
  const b = prBody(ctx);
  if (b === null) return;
  const sigExt = listOption(ctx.input, "option.PRD-03.significantExtensions", 1);
  const sp = ctx.input.factLines("option.PRD-03.significantPaths");
  const sigPath = sp === null ? new Array<string>(0) : sp;
  for (let k = 0; k < b.changed.length; k++) {
    const ch = b.changed[k];
    const dot = ch.lastIndexOf(".");
    if (dot < 0 || !inList(asciiLower(ch.substring(dot)), sigExt)) continue;
    let sig = false;
    for (let p = 0; p < sigPath.length && !sig; p++) if (ch.startsWith(sigPath[p])) sig = true;
    if (!sig) continue;
    let hit = false;
    for (let i = 0; i < b.mentions.length && !hit; i++) if (matches(ch, b.mentions[i])) hit = true;
    if (!hit) ctx.report(ctx.rule, loc(b.doc), msg("changedNotMentioned").s("c", ch));
  }
}
