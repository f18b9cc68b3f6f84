// Traceability rules TR-001..TR-007 over the REQ -> DESIGN -> TASK chain (evaluation order TR-D02).
import { defineRule, RuleDoc, msg } from "../../rules";
import { SEV_ERROR, SEV_WARNING, SEV_INFO } from "../../abi";
import { Results } from "../../io";
import { Category, Spec, at0, FX7 } from "./model";
import { asciiLower } from "../../lib/text";
import { at } from "../../lib/mdscan";

export const TR001 = defineRule("TR-001", SEV_WARNING);
function TR001_doc(): RuleDoc {
  return {
    id: "TR-001",
    validator: "traceability",
    title: "Orphaned requirement (Rule 1)",
    description: "No loaded DESIGN lists this REQ in its related ids.",
    messages: {
      reqHasNoDesign: "REQ '{{req}}' has no DESIGN referencing it (orphaned requirement)",
    },
  };
}
export const TR002 = defineRule("TR-002", SEV_ERROR);
function TR002_doc(): RuleDoc {
  return {
    id: "TR-002",
    validator: "traceability",
    title: "Untraced task (Rule 2)",
    description: "The TASK lists no DESIGN- id in its related ids.",
    messages: {
      taskHasNoDesign: "TASK '{{task}}' has no DESIGN reference (untraced task)",
    },
  };
}
export const TR003 = defineRule("TR-003", SEV_WARNING);
function TR003_doc(): RuleDoc {
  return {
    id: "TR-003",
    validator: "traceability",
    title: "Design without requirement (Rule 3)",
    description: "The DESIGN lists no REQ- id in its related ids.",
    messages: {
      designHasNoReq: "DESIGN '{{design}}' has no REQ reference (missing backward trace)",
    },
  };
}
export const TR004 = defineRule("TR-004", SEV_WARNING);
function TR004_doc(): RuleDoc {
  return {
    id: "TR-004",
    validator: "traceability",
    title: "Orphaned design (Rule 3)",
    description: "No loaded TASK lists this DESIGN.",
    messages: {
      designHasNoTask: "DESIGN '{{design}}' has no TASK referencing it (orphaned design)",
    },
  };
}
export const TR005 = defineRule("TR-005", SEV_ERROR);
function TR005_doc(): RuleDoc {
  return {
    id: "TR-005",
    validator: "traceability",
    title: "Unknown design (Rule 4)",
    description: "The TASK lists a DESIGN- id that no design spec has.",
    messages: {
      taskReferencesNonExistent: "TASK '{{task}}' references non-existent DESIGN '{{id}}'",
    },
  };
}
export const TR006 = defineRule("TR-006", SEV_ERROR);
function TR006_doc(): RuleDoc {
  return {
    id: "TR-006",
    validator: "traceability",
    title: "Unknown requirement (Rule 4)",
    description: "The DESIGN lists a REQ- id that no requirement spec has.",
    messages: {
      designReferencesNonExistent: "DESIGN '{{design}}' references non-existent REQ '{{id}}'",
    },
  };
}
export const TR007 = defineRule("TR-007", SEV_INFO);
function TR007_doc(): RuleDoc {
  return {
    id: "TR-007",
    validator: "traceability",
    title: "Status mismatch (Rule 5)",
    description: "A complete/done/implemented TASK points at a DESIGN whose status is not complete-like.",
    messages: {
      taskIsCompleteBut: "TASK '{{task}}' is complete but DESIGN '{{design}}' is '{{status}}'",
    },
  };
}

function complete(s: string, fx: i32): bool {
  const v = (fx & FX7) != 0 ? asciiLower(s) : s;
  return v == "complete" || v == "done" || v == "implemented";
}

/** Runs the rules; returns the number of valid chains. */
export function checkChains(reqs: Category, designs: Category, tasks: Category, results: Results, fx: i32): i32 {
  const designHasTask = new Map<string, string>();
  const reqHasDesign = new Map<string, string>();
  for (let i = 0; i < tasks.specs.length; i++) {
    const t = tasks.specs[i];
    const rel = t.fm.related;
    let any = false;
    for (let k = 0; k < rel.length; k++) {
      const id = rel[k];
      if (!at(id, "DESIGN-", 0)) continue;
      any = true;
      if (designs.get(id) !== null) designHasTask.set(id, "");
      else at0(results, TR005, t, t.fm.relatedOff[k], msg("taskReferencesNonExistent").s("task", t.id).s("id", id));
    }
    if (!any) at0(results, TR002, t, t.fm.idOff, msg("taskHasNoDesign").s("task", t.id));
  }
  for (let i = 0; i < designs.specs.length; i++) {
    const d = designs.specs[i];
    const rel = d.fm.related;
    for (let k = 0; k < rel.length; k++) {
      const id = rel[k];
      if (!at(id, "REQ-", 0)) continue;
      if (reqs.get(id) !== null) reqHasDesign.set(id, "");
      else at0(results, TR006, d, d.fm.relatedOff[k], msg("designReferencesNonExistent").s("design", d.id).s("id", id));
    }
  }
  for (let i = 0; i < reqs.specs.length; i++) {
    const r = reqs.specs[i];
    if (!reqHasDesign.has(r.id)) at0(results, TR001, r, r.fm.idOff, msg("reqHasNoDesign").s("req", r.id));
  }
  let chains = 0;
  for (let i = 0; i < designs.specs.length; i++) {
    const d = designs.specs[i];
    let hasReq = false;
    for (let k = 0; k < d.fm.related.length; k++) if (at(d.fm.related[k], "REQ-", 0)) hasReq = true;
    if (!hasReq) at0(results, TR003, d, d.fm.idOff, msg("designHasNoReq").s("design", d.id));
    const hasTask = designHasTask.has(d.id);
    if (!hasTask) at0(results, TR004, d, d.fm.idOff, msg("designHasNoTask").s("design", d.id));
    if (hasReq && hasTask) chains++;
  }
  for (let i = 0; i < tasks.specs.length; i++) {
    const t = tasks.specs[i];
    if (!complete(t.status(), fx)) continue;
    const rel = t.fm.related;
    for (let k = 0; k < rel.length; k++) {
      if (!at(rel[k], "DESIGN-", 0)) continue;
      const d = designs.get(rel[k]);
      if (d === null || complete(d.status(), fx)) continue;
      at0(results, TR007, t, t.fm.relatedOff[k], msg("taskIsCompleteBut").s("task", t.id).s("design", d.id).s("status", d.status()));
    }
  }
  return chains;
}
