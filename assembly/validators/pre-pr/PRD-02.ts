// PRD-02: a file the PR description names as changed is not in the diff.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_PRD, PrePrCtx } from "./ctx";
import { matches, prBody } from "./prd";

export const PRD02 = defineRule("PRD-02", SEV_ERROR, check);
function PRD02_doc(): RuleDoc {
  return {
    id: "PRD-02",
    validator: "pre-pr",
    title: "Mentioned, not changed",
    description: "A file the PR description claims as changed (a bold span or list item anywhere, a code span or link text in a changes section, ending in one of `mentionExtensions`) is not among the branch's changed files. Sections whose heading starts with an entry of `contextSections` are context, not claims.",
    options: {
      mentionExtensions: {
        type: "string[]",
        "default": ["ps1", "psm1", "md", "yml", "yaml", "json", "cs", "ts", "tsx", "js", "jsx", "mjs", "cjs", "py", "sh", "bash", "go", "rs", "java", "kt"],
        description: "Extensions that make a span a file mention (config prePr.prDescription.mentionExtensions sets it too).",
      },
      contextSections: {
        type: "string[]",
        "default": ["test plan", "design decision", "related", "references", "see also", "notes", "background", "inspired by", "pattern from", "prior art", "evidence", "out of scope", "validation=", "verification=", "validation summary", "validation results", "validation report", "verification summary", "verification results", "verification report"],
        description: "Heading prefixes (lower case; `x=` = exactly x) of sections that are context, not change claims (config prePr.prDescription.contextSections).",
      },
      claimSections: {
        type: "string[]",
        "default": ["changes", "files changed", "changed files", "per-file changes", "what changed"],
        description: "Heading prefixes of sections whose code spans and link texts are change claims (config prePr.prDescription.claimSections).",
      },
    },
    messages: {
      namedAsChangedNot: "{{mentions}}: named as changed, not in the diff",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PRD)) return;
  const b = prBody(ctx);
  if (b === null) return;
  for (let i = 0; i < b.mentions.length; i++) {
    let hit = false;
    for (let k = 0; k < b.changed.length && !hit; k++) if (matches(b.changed[k], b.mentions[i])) hit = true;
    if (!hit) ctx.report(ctx.rule, loc(b.doc), msg("namedAsChangedNot").s("mentions", b.mentions[i]));
  }
}
