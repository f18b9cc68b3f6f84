// NamingConventions: CO-007 (case-sensitive whole-name patterns, specs/consistency.md §3.2).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc } from "../../io";
import { ConsistencyCtx } from "./context";
import { isWord, at } from "../../lib/mdscan";
import { allDigits } from "../../lib/text";

export const CO007 = defineRule("CO-007", SEV_ERROR);
function CO007_doc(): RuleDoc {
  return {
    id: "CO-007",
    validator: "consistency",
    title: "Artifact naming",
    description: "An Epic, PRD, Tasks or Plan file name does not follow its naming pattern.",
    messages: {
      namingViolation: "{{label}} naming violation: {{n}}",
    },
  };
}

function isSlug(s: string, from: i32, to: i32): bool {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c != 45 && !isWord(c)) return false;
  }
  return true;
}

function endsMd(n: string): bool {
  return n.endsWith(".md");
}

/** PREFIX + NNN + "-" + slug + ".md" */
function numbered(n: string, prefix: string): bool {
  const p = prefix.length;
  return at(n, prefix, 0) && endsMd(n) && n.length > p + 7 && allDigits(n, p, p + 3) && n.charCodeAt(p + 3) == 45 &&
    isSlug(n, p + 4, n.length - 3);
}

function prefixed(n: string, prefix: string): bool {
  return at(n, prefix, 0) && endsMd(n) && isSlug(n, prefix.length, n.length - 3);
}

/** Naming check for a pattern key; unknown keys are always valid. */
export function validName(key: string, n: string): bool {
  if (key == "epic") return numbered(n, "EPIC-");
  if (key == "adr") return numbered(n, "ADR-");
  if (key == "tm") return numbered(n, "TM-");
  if (key == "prd") return prefixed(n, "prd-");
  if (key == "tasks") return prefixed(n, "tasks-");
  if (key == "plan") {
    if (prefixed(n, "implementation-plan-") || prefixed(n, "plan-")) return true;
    return n.endsWith("-plan.md") && allDigits(n, 0, 3) && n.length > 12 && n.charCodeAt(3) == 45 &&
      isSlug(n, 4, n.length - 8);
  }
  return true;
}

function one(ctx: ConsistencyCtx, doc: Doc | null, key: string, label: string): bool {
  if (doc === null) return true;
  const n = doc.baseName();
  if (validName(key, n)) return true;
  ctx.report(CO007, doc, 0, msg("namingViolation").s("label", label).s("n", n));
  return false;
}

export function checkNaming(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  let ok = one(ctx, f.epic, "epic", "Epic");
  ok = one(ctx, f.prd, "prd", "PRD") && ok;
  ok = one(ctx, f.tasks, "tasks", "Tasks") && ok;
  ok = one(ctx, f.plan, "plan", "Plan") && ok;
  ctx.check("NamingConventions", ok);
}
