// ScopeAlignment: CO-001..CO-004 (Epic <-> PRD).
import { defineRule } from "../../rules";
import { SEV_ERROR, SEV_INFO } from "../../abi";
import { ConsistencyCtx } from "./context";
import { sectionAfter, countCriteria, countRequirements } from "../../lib/mdscan";
import { isDigit } from "../../lib/text";

export const CO001 = defineRule("CO-001", "consistency", SEV_INFO, "Epic not found",
  "No Epic matches the feature: scope alignment is not checked (the check passes).");
export const CO002 = defineRule("CO-002", "consistency", SEV_ERROR, "PRD missing for Epic",
  "The feature has an Epic but no PRD.");
export const CO003 = defineRule("CO-003", "consistency", SEV_ERROR, "PRD does not reference its Epic",
  "The PRD names neither the Epic file nor any EPIC-NNN id.");
export const CO004 = defineRule("CO-004", "consistency", SEV_ERROR, "Fewer requirements than success criteria",
  "The PRD's Requirements section has fewer items than the Epic's Success Criteria checkboxes.");

function mentionsEpicId(t: string): bool {
  let i = t.indexOf("EPIC-");
  while (i >= 0) {
    if (i + 8 <= t.length && isDigit(t.charCodeAt(i + 5)) && isDigit(t.charCodeAt(i + 6)) && isDigit(t.charCodeAt(i + 7))) return true;
    i = t.indexOf("EPIC-", i + 1);
  }
  return false;
}

export function checkScope(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  const epic = f.epic;
  const prd = f.prd;
  if (epic === null) {
    ctx.report(CO001, prd !== null ? prd : f.tasks, 0, "Epic file not found");
    ctx.check("ScopeAlignment", true);
    return;
  }
  if (prd === null) {
    ctx.report(CO002, epic, 0, "PRD file not found");
    ctx.check("ScopeAlignment", false);
    return;
  }
  let ok = true;
  const pt = prd.text();
  if (pt.indexOf(epic.baseName()) < 0 && !mentionsEpicId(pt)) {
    ctx.report(CO003, prd, 0, "PRD does not reference parent Epic");
    ok = false;
  }
  const et = epic.text();
  const crit = sectionAfter(et, "### Success Criteria", "###");
  if (crit[0] >= 0) {
    const c = countCriteria(et, crit[0], crit[1]);
    const req = sectionAfter(pt, "## Requirements", "##");
    if (c > 0 && req[0] >= 0) {
      const r = countRequirements(pt, req[0], req[1]);
      f.counters.push("criteria=" + c.toString());
      f.counters.push("requirements=" + r.toString());
      if (r < c) {
        ctx.report(CO004, prd, 0, "PRD has fewer requirements (" + r.toString() + ") than Epic success criteria (" + c.toString() + ")");
        ok = false;
      }
    }
  }
  ctx.check("ScopeAlignment", ok);
}
