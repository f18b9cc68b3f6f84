// MI-018, MI-019: advisory (P2) checks of a domain index's entries.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx, Index } from "./ctx";

export const MI018 = defineRule("MI-018", SEV_WARNING);
function MI018_doc(): RuleDoc {
  return {
    id: "MI-018",
    validator: "memory-index",
    title: "Fewer than 5 keywords",
    description: "Fewer than 5 keywords",
    messages: {
      insufficientKeywordsHasKeywords: "Insufficient keywords: {{name}} has {{keywordsCount}} keywords (need >=5)",
    },
  };
}
export const MI019 = defineRule("MI-019", SEV_WARNING);
function MI019_doc(): RuleDoc {
  return {
    id: "MI-019",
    validator: "memory-index",
    title: "File name not <domain>-*",
    description: "File name not <domain>-*",
    messages: {
      namingViolationShouldStart: "Naming violation: {{name}} should start with '{{prefix}}' per ADR-017",
    },
  };
}

export function checkP2(ctx: MiCtx, ix: Index): void {
  const prefix = ix.domain + "-";
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    if (e.keywords.length < 5) {
      ctx.report(MI018, ix.doc, e.line,
        msg("insufficientKeywordsHasKeywords").s("name", e.name).s("keywordsCount", e.keywords.length.toString()));
    }
  }
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    // a folder-qualified name (`agent-workflow/agent-workflow-pipeline`) is judged by its base name
    const slash = e.name.lastIndexOf("/");
    const base = slash >= 0 ? e.name.substring(slash + 1) : e.name;
    if (!base.startsWith(prefix)) {
      ctx.reportAs(MI019, ctx.namingSev, ix.doc, e.line,
        msg("namingViolationShouldStart").s("name", e.name).s("prefix", prefix));
      if (ctx.namingSev == 0) ix.failed = true;
    }
  }
}
