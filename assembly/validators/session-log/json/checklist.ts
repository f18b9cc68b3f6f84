// Checklist rules (full mode): SP-107, SP-108, SP-109, SP-110, SP-112, SP-113, SP-114.
import { defineRule } from "../../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../../abi";
import { JValue, J_OBJ, J_NULL, J_STR, jsonTypeName, jsonShort } from "../../../lib/json";
import { JsonLog, REQUIRED_START, REQUIRED_END, itemComplete, itemLevel, itemEvidence } from "./model";
import { checkContradiction } from "./sp111-contradiction";

export const SP107 = defineRule("SP-107", "session-log", SEV_ERROR, "Required checklist items present",
  "Every required sessionStart/sessionEnd item is present (legacy handoffNotUpdated stands for handoffPreserved).");
export const SP108 = defineRule("SP-108", "session-log", SEV_ERROR, "MUST items complete",
  "Every item with level MUST is complete.");
export const SP109 = defineRule("SP-109", "session-log", SEV_WARNING, "MUST evidence present",
  "A complete MUST item has evidence.");
export const SP110 = defineRule("SP-110", "session-log", SEV_ERROR, "HANDOFF.md not modified (legacy item)",
  "Legacy sessionEnd.handoffNotUpdated (MUST NOT) is not complete: complete means HANDOFF.md was modified.");
export const SP112 = defineRule("SP-112", "session-log", SEV_ERROR, "Malformed checklist item",
  "A required item is an object with complete/level/evidence, not a bare value.");
export const SP113 = defineRule("SP-113", "session-log", SEV_ERROR, "Required item declares a level",
  "A required item declares a level.");
export const SP114 = defineRule("SP-114", "session-log", SEV_ERROR, "Unjustified demotion",
  "A required item with a level other than MUST/MUST NOT is complete or justified in its evidence.");

function requiredKeys(sec: JValue, name: string): string[] {
  if (name == "sessionStart") return REQUIRED_START;
  const out = REQUIRED_END.slice(0);
  if (sec.has("handoffNotUpdated") && !sec.has("handoffPreserved")) out[1] = "handoffNotUpdated";
  return out;
}

export function checkChecklists(log: JsonLog): void {
  checkSection(log, "sessionStart");
  checkSection(log, "sessionEnd");
}

function checkSection(log: JsonLog, name: string): void {
  const sec = log.section(name);
  if (sec === null) return; // the schema layer reports it
  const req = requiredKeys(sec, name);
  const missing: string[] = [];
  for (let i = 0; i < req.length; i++) if (!sec.has(req[i])) missing.push(req[i]);
  missing.sort();
  for (let i = 0; i < missing.length; i++) log.report(SP107, sec, "Missing required item: " + name + "." + missing[i]);
  for (let i = 0; i < sec.keys.length; i++) {
    const key = sec.keys[i];
    const item = sec.items[i];
    const required = req.includes(key);
    const id = name + "." + key;
    if (item.kind != J_OBJ) {
      if (required) {
        log.report(SP112, item, "Malformed item: " + id + " is " + jsonTypeName(item) + " (" + jsonShort(item) +
          "), not an object with complete/level/evidence");
      }
      continue;
    }
    const lv = itemLevel(item);
    const hasLevel = lv !== null && lv.kind != J_NULL && !(lv.kind == J_STR && lv.s.trim().length == 0);
    const level = lv !== null && lv.kind == J_STR ? lv.s : "";
    const complete = itemComplete(item);
    const ev = itemEvidence(item);
    if (!hasLevel) {
      if (required) {
        log.report(SP113, item, "Missing level: " + id + " declares no level, so no requirement check applies to it; add \"level\": \"MUST\"");
      }
      continue;
    }
    if (level == "MUST") {
      if (!complete) log.report(SP108, item, "Incomplete MUST: " + id);
      else if (ev.trim().length == 0) log.report(SP109, item, "Missing evidence: " + id);
      else checkContradiction(log, item, key, id, ev);
    } else if (level == "MUST NOT") {
      if (key == "handoffNotUpdated" && complete) {
        log.report(SP110, item, "MUST NOT violated: " + id + " is complete, which means HANDOFF.md was modified (it is read-only)");
      }
    } else if (required && !complete && ev.trim().length == 0) {
      log.report(SP114, item, "Unjustified demotion: " + id + " is required but declares level " + jsonShort(lv!) +
        " while incomplete, with no evidence; mark it MUST or explain in the evidence why it does not apply");
    }
  }
}
