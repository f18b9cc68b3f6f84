// ScopeAlignment: CO-001..CO-004 (Epic <-> PRD).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_INFO } from "../../abi";
import { ConsistencyCtx } from "./context";
import { sectionAfter, countCriteria, countRequirements } from "../../lib/mdscan";
import { isDigit } from "../../lib/text";

export const CO001 = defineRule("CO-001", SEV_INFO);
function CO001_doc(): RuleDoc {
  return {
    id: "CO-001",
    validator: "consistency",
    title: "Epic not found",
    description: "No Epic matches the feature: scope alignment is not checked (the check passes).",
    messages: {
      epicFileNotFound: "Epic file not found",
    },
  };
}
export const CO002 = defineRule("CO-002", SEV_ERROR);
function CO002_doc(): RuleDoc {
  return {
    id: "CO-002",
    validator: "consistency",
    title: "PRD missing for Epic",
    description: "The feature has an Epic but no PRD.",
    messages: {
      prdFileNotFound: "PRD file not found",
    },
  };
}
export const CO003 = defineRule("CO-003", SEV_ERROR);
function CO003_doc(): RuleDoc {
  return {
    id: "CO-003",
    validator: "consistency",
    title: "PRD does not reference its Epic",
    description: "The PRD names neither the Epic file nor any EPIC-NNN id.",
    messages: {
      prdDoesNotReference: "PRD does not reference parent Epic",
    },
  };
}
export const CO004 = defineRule("CO-004", SEV_ERROR);
function CO004_doc(): RuleDoc {
  return {
    id: "CO-004",
    validator: "consistency",
    title: "Fewer requirements than success criteria",
    description: "The PRD's Requirements section has fewer items than the Epic's Success Criteria checkboxes.",
    messages: {
      prdHasFewerRequirements: "PRD has fewer requirements ({{r}}) than Epic success criteria ({{c}})",
    },
  };
}

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
    ctx.report(CO001, prd !== null ? prd : f.tasks, 0, msg("epicFileNotFound"));
    ctx.check("ScopeAlignment", true);
    return;
  }
  if (prd === null) {
    ctx.report(CO002, epic, 0, msg("prdFileNotFound"));
    ctx.check("ScopeAlignment", false);
    return;
  }
  let ok = true;
  const pt = prd.text();
  if (pt.indexOf(epic.baseName()) < 0 && !mentionsEpicId(pt)) {
    ctx.report(CO003, prd, 0, msg("prdDoesNotReference"));
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
        ctx.report(CO004, prd, 0, msg("prdHasFewerRequirements").s("r", r.toString()).s("c", c.toString()));
        ok = false;
      }
    }
  }
  ctx.check("ScopeAlignment", ok);
}
