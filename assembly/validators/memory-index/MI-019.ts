// MI-019: entries of a skills domain index are named <domain>-* (advisory).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MiCtx, levelSeverity } from "./ctx";
import { findLastUnit } from "../../lib/text";

export const MI019 = defineRule("MI-019", SEV_WARNING, check);
function MI019_doc(): RuleDoc {
  return {
    id: "MI-019",
    validator: "memory-index",
    title: "File name not <domain>-*",
    description: "A row of `skills-<domain>-index.md` names a file whose base name does not start with `<domain>-` (literal, case-sensitive; a folder-qualified name such as `git/git-hooks` is judged by its base name). Severity follows the option `level` (warn by default, error fails the index, off drops it; --naming).",
    options: {
      level: { type: "enum", values: ["warn", "error", "off"], "default": "warn", description: "Severity of the finding: warn, error or off (config validators.memoryIndex.naming and --naming set it; they win over this option)." },
    },
    messages: {
      namingViolationShouldStart: "Naming violation: {{name}} should start with '{{prefix}}' per ADR-017",
    },
  };
}

function check(ctx: MiCtx): void {
  const ix = ctx.index();
  if (ix === null || !ix.skills) return;
  const sev = levelSeverity(ctx);
  if (sev < 0) return; // off
  const prefix = ix.domain + "-";
  for (let i = 0; i < ix.entries.length; i++) {
    const e = ix.entries[i];
    const slash = findLastUnit(e.name, 47);
    const base = slash >= 0 ? e.name.substring(slash + 1) : e.name;
    if (!base.startsWith(prefix)) {
      ctx.reportAs(ctx.rule, sev, loc(ix.doc, e.line), msg("namingViolationShouldStart").s("name", e.name).s("prefix", prefix));
    }
  }
}
