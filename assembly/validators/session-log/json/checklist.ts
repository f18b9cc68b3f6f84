// Checklist rules (full mode): SP-107, SP-108, SP-109, SP-110, SP-112, SP-113, SP-114.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../../abi";
import { JValue, J_OBJ, J_NULL, J_STR, jsonTypeName, jsonShort } from "../../../lib/json";
import { JsonLog, REQUIRED_START, REQUIRED_END, itemComplete, itemLevel, itemEvidence } from "./model";
import { checkContradiction } from "./sp111-contradiction";

export const SP107 = defineRule("SP-107", SEV_ERROR);
function SP107_doc(): RuleDoc {
  return {
    id: "SP-107",
    validator: "session-log",
    title: "Required checklist items present",
    description: "Every required sessionStart/sessionEnd item is present (legacy handoffNotUpdated stands for handoffPreserved).",
    messages: {
      missingRequiredItem: "Missing required item: {{name}}.{{missing}}",
    },
  };
}
export const SP108 = defineRule("SP-108", SEV_ERROR);
function SP108_doc(): RuleDoc {
  return {
    id: "SP-108",
    validator: "session-log",
    title: "MUST items complete",
    description: "Every item with level MUST is complete.",
    messages: {
      incompleteMust: "Incomplete MUST: {{id}}",
    },
  };
}
export const SP109 = defineRule("SP-109", SEV_WARNING);
function SP109_doc(): RuleDoc {
  return {
    id: "SP-109",
    validator: "session-log",
    title: "MUST evidence present",
    description: "A complete MUST item has evidence.",
    messages: {
      missingEvidence: "Missing evidence: {{id}}",
    },
  };
}
export const SP110 = defineRule("SP-110", SEV_ERROR);
function SP110_doc(): RuleDoc {
  return {
    id: "SP-110",
    validator: "session-log",
    title: "HANDOFF.md not modified (legacy item)",
    description: "Legacy sessionEnd.handoffNotUpdated (MUST NOT) is not complete: complete means HANDOFF.md was modified.",
    messages: {
      mustNotViolatedIs: "MUST NOT violated: {{id}} is complete, which means HANDOFF.md was modified (it is read-only)",
    },
  };
}
export const SP112 = defineRule("SP-112", SEV_ERROR);
function SP112_doc(): RuleDoc {
  return {
    id: "SP-112",
    validator: "session-log",
    title: "Malformed checklist item",
    description: "A required item is an object with complete/level/evidence, not a bare value.",
    messages: {
      malformedItemIsNot: "Malformed item: {{id}} is {{jsonTypeName}} ({{jsonShort}}), not an object with complete/level/evidence",
    },
  };
}
export const SP113 = defineRule("SP-113", SEV_ERROR);
function SP113_doc(): RuleDoc {
  return {
    id: "SP-113",
    validator: "session-log",
    title: "Required item declares a level",
    description: "A required item declares a level.",
    messages: {
      missingLevelDeclaresNo: "Missing level: {{id}} declares no level, so no requirement check applies to it; add \"level\": \"MUST\"",
    },
  };
}
export const SP114 = defineRule("SP-114", SEV_ERROR);
function SP114_doc(): RuleDoc {
  return {
    id: "SP-114",
    validator: "session-log",
    title: "Unjustified demotion",
    description: "A required item with a level other than MUST/MUST NOT is complete or justified in its evidence.",
    messages: {
      unjustifiedDemotionIsRequired: "Unjustified demotion: {{id}} is required but declares level {{jsonShort}} while incomplete, with no evidence; mark it MUST or explain in the evidence why it does not apply",
    },
  };
}

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
  for (let i = 0; i < missing.length; i++) log.report(SP107, sec, msg("missingRequiredItem").s("name", name).s("missing", missing[i]));
  for (let i = 0; i < sec.keys.length; i++) {
    const key = sec.keys[i];
    const item = sec.items[i];
    const required = req.includes(key);
    const id = name + "." + key;
    if (item.kind != J_OBJ) {
      if (required) {
        log.report(SP112, item, msg("malformedItemIsNot").s("id", id).s("jsonTypeName", jsonTypeName(item)).s("jsonShort", jsonShort(item)));
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
        log.report(SP113, item, msg("missingLevelDeclaresNo").s("id", id));
      }
      continue;
    }
    if (level == "MUST") {
      if (!complete) log.report(SP108, item, msg("incompleteMust").s("id", id));
      else if (ev.trim().length == 0) log.report(SP109, item, msg("missingEvidence").s("id", id));
      else checkContradiction(log, item, key, id, ev);
    } else if (level == "MUST NOT") {
      if (key == "handoffNotUpdated" && complete) {
        log.report(SP110, item, msg("mustNotViolatedIs").s("id", id));
      }
    } else if (required && !complete && ev.trim().length == 0) {
      log.report(SP114, item, msg("unjustifiedDemotionIsRequired").s("id", id).s("jsonShort", jsonShort(lv!)));
    }
  }
}
