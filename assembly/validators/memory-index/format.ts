// MI-006..MI-009: a domain index is a pure lookup table (spec §6). Lines are trimmed; the first
// matching check decides; anything before the first table row that is no title, metadata or
// navigation line is ignored, anything after it that is no table row is non-table content.
import { defineRule } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { pyStrip, isPyWs } from "../../lib/mdrow";
import { MiCtx, Index } from "./ctx";
import { Rule } from "../../rules";
import { excerpt } from "../../lib/text";

export const MI006 = defineRule("MI-006", "memory-index", SEV_ERROR, "Title in a domain index", "Title in a domain index");
export const MI007 = defineRule("MI-007", "memory-index", SEV_ERROR, "Metadata line in a domain index", "Metadata line in a domain index");
export const MI008 = defineRule("MI-008", "memory-index", SEV_ERROR, "Navigation line in a domain index", "Navigation line in a domain index");
export const MI009 = defineRule("MI-009", "memory-index", SEV_ERROR, "Non-table line after the table", "Non-table line after the table");

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
    let what = "";
    if (isTitle(s)) { rule = MI006; what = "Title detected"; }
    else if (isMeta(s)) { rule = MI007; what = "Metadata block detected"; }
    else if (isNav(s)) { rule = MI008; what = "Navigation section detected"; }
    else if (s.charCodeAt(0) == 124 && s.charCodeAt(s.length - 1) == 124) table = true;
    else if (table) { rule = MI009; what = "Non-table content detected"; }
    if (rule !== null) {
      const n = (i + 1).toString();
      ctx.report(rule, ix.doc, i + 1, "Line " + n + ": " + what + " - '" + excerpt(s) + "' (prohibited per ADR-017)");
      ix.failed = true;
    }
  }
}
