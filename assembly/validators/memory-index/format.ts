// MI-006..MI-009: a domain index is a pure lookup table (spec §6). Lines are trimmed; the first
// matching check decides; anything before the first table row that is no title, metadata or
// navigation line is ignored, anything after it that is no table row is non-table content.
import { defineRule, RuleDoc, msg } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { pyStrip, isPyWs } from "../../lib/mdrow";
import { MiCtx, Index } from "./ctx";
import { Rule } from "../../rules";
import { excerpt } from "../../lib/text";

export const MI006 = defineRule("MI-006", SEV_ERROR);
function MI006_doc(): RuleDoc {
  return {
    id: "MI-006",
    validator: "memory-index",
    title: "Title in a domain index",
    description: "Title in a domain index",
    messages: {
      prohibited: "Line {{line}}: Title detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}
export const MI007 = defineRule("MI-007", SEV_ERROR);
function MI007_doc(): RuleDoc {
  return {
    id: "MI-007",
    validator: "memory-index",
    title: "Metadata line in a domain index",
    description: "Metadata line in a domain index",
    messages: {
      prohibited: "Line {{line}}: Metadata block detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}
export const MI008 = defineRule("MI-008", SEV_ERROR);
function MI008_doc(): RuleDoc {
  return {
    id: "MI-008",
    validator: "memory-index",
    title: "Navigation line in a domain index",
    description: "Navigation line in a domain index",
    messages: {
      prohibited: "Line {{line}}: Navigation section detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}
export const MI009 = defineRule("MI-009", SEV_ERROR);
function MI009_doc(): RuleDoc {
  return {
    id: "MI-009",
    validator: "memory-index",
    title: "Non-table line after the table",
    description: "Non-table line after the table",
    messages: {
      prohibited: "Line {{line}}: Non-table content detected - '{{text}}' (prohibited per ADR-017)",
    },
  };
}

function isTitle(s: string): bool {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) == 35) i++;
  return i > 0 && i < s.length && isPyWs(s.charCodeAt(i));
}

function isMeta(s: string): bool {
  if (!s.startsWith("**")) return false;
  const end = s.indexOf("*", 2);
  return end > 2 && s.substr(end, 3) == "**:";
}

function isNav(s: string): bool {
  if (s.startsWith("Parent:")) return true;
  if (s.length == 0 || s.charCodeAt(0) != 62) return false;
  let i = 1;
  while (i < s.length && isPyWs(s.charCodeAt(i))) i++;
  return i < s.length && s.charCodeAt(i) == 91 && s.indexOf("]", i + 1) > 0;
}

export function checkFormat(ctx: MiCtx, ix: Index): void {
  const lines = ix.doc.lines();
  let table = false;
  for (let i = 0; i < lines.length; i++) {
    const s = pyStrip(lines[i]);
    if (s.length == 0) continue;
    let rule: Rule | null = null;
    if (isTitle(s)) rule = MI006;
    else if (isMeta(s)) rule = MI007;
    else if (isNav(s)) rule = MI008;
    else if (s.charCodeAt(0) == 124 && s.charCodeAt(s.length - 1) == 124) table = true;
    else if (table) rule = MI009;
    if (rule !== null) {
      const n = (i + 1).toString();
      ctx.report(rule, ix.doc, i + 1, msg("prohibited").s("line", n).s("text", excerpt(s)));
      ix.failed = true;
    }
  }
}
