// Traceability rules TR-001..TR-007 over the REQ -> DESIGN -> TASK chain (evaluation order TR-D02).
import { defineRule } from "../../rules";
import { SEV_ERROR, SEV_WARNING, SEV_INFO } from "../../abi";
import { Results } from "../../io";
import { Category, Spec, at0, FX7 } from "./model";
import { asciiLower } from "../../lib/text";
import { at } from "../../lib/mdscan";

export const TR001 = defineRule("TR-001", "traceability", SEV_WARNING, "Orphaned requirement (Rule 1)",
  "No loaded DESIGN lists this REQ in its related ids.");
export const TR002 = defineRule("TR-002", "traceability", SEV_ERROR, "Untraced task (Rule 2)",
  "The TASK lists no DESIGN- id in its related ids.");
export const TR003 = defineRule("TR-003", "traceability", SEV_WARNING, "Design without requirement (Rule 3)",
  "The DESIGN lists no REQ- id in its related ids.");
export const TR004 = defineRule("TR-004", "traceability", SEV_WARNING, "Orphaned design (Rule 3)",
  "No loaded TASK lists this DESIGN.");
export const TR005 = defineRule("TR-005", "traceability", SEV_ERROR, "Unknown design (Rule 4)",
  "The TASK lists a DESIGN- id that no design spec has.");
export const TR006 = defineRule("TR-006", "traceability", SEV_ERROR, "Unknown requirement (Rule 4)",
  "The DESIGN lists a REQ- id that no requirement spec has.");
export const TR007 = defineRule("TR-007", "traceability", SEV_INFO, "Status mismatch (Rule 5)",
  "A complete/done/implemented TASK points at a DESIGN whose status is not complete-like.");

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
      else at0(results, TR005, t, t.fm.relatedOff[k], "TASK '" + t.id + "' references non-existent DESIGN '" + id + "'");
    }
    if (!any) at0(results, TR002, t, t.fm.idOff, "TASK '" + t.id + "' has no DESIGN reference (untraced task)");
  }
  for (let i = 0; i < designs.specs.length; i++) {
    const d = designs.specs[i];
    const rel = d.fm.related;
    for (let k = 0; k < rel.length; k++) {
      const id = rel[k];
      if (!at(id, "REQ-", 0)) continue;
      if (reqs.get(id) !== null) reqHasDesign.set(id, "");
      else at0(results, TR006, d, d.fm.relatedOff[k], "DESIGN '" + d.id + "' references non-existent REQ '" + id + "'");
    }
  }
  for (let i = 0; i < reqs.specs.length; i++) {
    const r = reqs.specs[i];
    if (!reqHasDesign.has(r.id)) at0(results, TR001, r, r.fm.idOff, "REQ '" + r.id + "' has no DESIGN referencing it (orphaned requirement)");
  }
  let chains = 0;
  for (let i = 0; i < designs.specs.length; i++) {
    const d = designs.specs[i];
    let hasReq = false;
    for (let k = 0; k < d.fm.related.length; k++) if (at(d.fm.related[k], "REQ-", 0)) hasReq = true;
    if (!hasReq) at0(results, TR003, d, d.fm.idOff, "DESIGN '" + d.id + "' has no REQ reference (missing backward trace)");
    const hasTask = designHasTask.has(d.id);
    if (!hasTask) at0(results, TR004, d, d.fm.idOff, "DESIGN '" + d.id + "' has no TASK referencing it (orphaned design)");
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
      at0(results, TR007, t, t.fm.relatedOff[k], "TASK '" + t.id + "' is complete but DESIGN '" + d.id + "' is '" + d.status() + "'");
    }
  }
  return chains;
}
