// SP-012: a "## Protocol Compliance" section exists (error); the checklist headers say
// "(COMPLETE ALL before work)" / "(COMPLETE ALL before closing)" (warnings).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";
import { find } from "../../lib/text";

export const SP012 = defineRule("SP-012", SEV_ERROR, check);
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

function check(c: RuleCtx): void {
  const ctx = changetype<MdCtx>(c);
  const log = ctx.log;
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
  if (!pc) ctx.report(ctx.rule, 0, 0, msg("missingProtocolComplianceSection"));
  if (!lineHas(low, "session start", "complete all", "") && !lineHas(low, "start", "before", "work")) {
    ctx.reportAs(ctx.rule, SEV_WARNING, log.startH + 1, 0, msg("missingSessionStartHeader"));
  }
  if (!lineHas(low, "session end", "complete all", "") && !lineHas(low, "end", "before", "closing")) {
    ctx.reportAs(ctx.rule, SEV_WARNING, log.endH + 1, 0, msg("missingSessionEndHeader"));
  }
}
