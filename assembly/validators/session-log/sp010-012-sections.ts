// SP-010 required sections, SP-011 checklist tables, SP-012 Protocol Compliance section and
// checklist headers, SP-022 completeness (Session Info, Work Log).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog } from "./md-log";
import { findHeading } from "../../lib/mdtable";
import { find } from "../../lib/text";

export const SP010 = defineRule("SP-010", SEV_ERROR);
function SP010_doc(): RuleDoc {
  return {
    id: "SP-010",
    validator: "session-log",
    title: "Required sections",
    description: "Session Start and Session End headings exist.",
    messages: {
      missingRequiredSections: "Missing required sections: {{missing}}",
    },
  };
}
export const SP011 = defineRule("SP-011", SEV_ERROR);
function SP011_doc(): RuleDoc {
  return {
    id: "SP-011",
    validator: "session-log",
    title: "Checklist tables",
    description: "Both sections have a Req/Step/Status/Evidence table.",
    messages: {
      hasNoReqStep: "{{name}} has no '| Req | Step | Status | Evidence |' table",
    },
  };
}
export const SP012 = defineRule("SP-012", SEV_ERROR);
function SP012_doc(): RuleDoc {
  return {
    id: "SP-012",
    validator: "session-log",
    title: "Protocol Compliance section",
    description: "## Protocol Compliance exists; checklist headers say COMPLETE ALL (warning).",
    messages: {
      missingProtocolComplianceSection: "Missing 'Protocol Compliance' section",
      missingSessionStartHeader: "Missing Session Start header '(COMPLETE ALL before work)'",
      missingSessionEndHeader: "Missing Session End header '(COMPLETE ALL before closing)'",
    },
  };
}
export const SP022 = defineRule("SP-022", SEV_WARNING);
function SP022_doc(): RuleDoc {
  return {
    id: "SP-022",
    validator: "session-log",
    title: "Log completeness",
    description: "Session Info and Work Log sections exist.",
    messages: {
      missingSectionSessionInfo: "Missing section: Session Info",
      missingSectionWorkLog: "Missing section: Work Log",
    },
  };
}

/** Some line contains a, then b, then c (lower case; c may be ""). */
function lineHas(lines: string[], a: string, b: string, c: string): bool {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const x = find(l, a);
    if (x < 0) continue;
    const y = find(l, b, x + a.length);
    if (y < 0) continue;
    if (c.length == 0 || find(l, c, y + b.length) >= 0) return true;
  }
  return false;
}

export function checkSections(ctx: SessionCtx, log: MdLog): void {
  const L = log.lines;
  let missing = "";
  if (log.startH < 0) missing = "## Session Start";
  if (log.endH < 0) missing += (missing.length > 0 ? ", " : "") + "## Session End";
  if (missing.length > 0) ctx.report(SP010, 0, 0, msg("missingRequiredSections").s("missing", missing));
  if (log.startH >= 0 && log.startT < 0) tableMissing(ctx, log.startH, "Session Start");
  if (log.endH >= 0 && log.endT < 0) tableMissing(ctx, log.endH, "Session End");

  let pc = false;
  const low = log.lower();
  for (let i = 0; i < low.length && !pc; i++) {
    const l = low[i];
    let k = find(l, "##");
    while (k >= 0 && !pc) {
      if (l.substring(k + 2).trimStart().startsWith("protocol compliance")) pc = true;
      k = find(l, "##", k + 1);
    }
  }
  if (!pc) ctx.report(SP012, 0, 0, msg("missingProtocolComplianceSection"));
  if (!lineHas(low, "session start", "complete all", "") && !lineHas(low, "start", "before", "work")) {
    ctx.reportAs(SP012, SEV_WARNING, log.startH + 1, 0,
      msg("missingSessionStartHeader"));
  }
  if (!lineHas(low, "session end", "complete all", "") && !lineHas(low, "end", "before", "closing")) {
    ctx.reportAs(SP012, SEV_WARNING, log.endH + 1, 0,
      msg("missingSessionEndHeader"));
  }
  if (findHeading(L, "session info", 0) < 0) ctx.report(SP022, 0, 0, msg("missingSectionSessionInfo"));
  if (findHeading(L, "work log", 0) < 0 && findHeading(L, "task completed", 0) < 0 && findHeading(L, "tasks completed", 0) < 0) {
    ctx.report(SP022, 0, 0, msg("missingSectionWorkLog"));
  }
}

function tableMissing(ctx: SessionCtx, h: i32, name: string): void {
  ctx.report(SP011, h + 1, 0,
    msg("hasNoReqStep").s("name", name));
}
