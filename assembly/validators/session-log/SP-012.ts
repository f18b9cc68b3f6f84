// SP-012: a "## Protocol Compliance" section exists (error); the checklist headers say
// "(COMPLETE ALL before work)" / "(COMPLETE ALL before closing)" (warnings).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";
import { find, asciiLower, isSpace } from "../../lib/text";
import { LineTable, Needles } from "../../lib/lines";

const HEADER_NEEDLES = new Needles("##", "complete all", "before", true);

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

/** Line i contains a, then b, then c (lower case, ASCII case ignored; c may be ""). */
function lineHas(lt: LineTable, i: i32, a: string, b: string, c: string): bool {
  // the first `a` of the line decides it: a later one leaves fewer places for b and c
  const x = lt.findLower(i, a);
  if (x < 0) return false;
  const y = lt.findLower(i, b, x + a.length);
  return y >= 0 && (c.length == 0 || lt.findLower(i, c, y + b.length) >= 0);
}

/** Line i holds "##" followed (after white space) by "protocol compliance", ASCII case ignored. */
function complianceHeading(lt: LineTable, i: i32): bool {
  let k = lt.find(i, "##");
  if (k < 0) return false;
  if (lt.nonAscii(i)) {
    // String#trimStart skips Unicode white space too: judge the decoded line
    const l = asciiLower(lt.text(i));
    k = find(l, "##");
    while (k >= 0) {
      if (l.substring(k + 2).trimStart().startsWith("protocol compliance")) return true;
      k = find(l, "##", k + 1);
    }
    return false;
  }
  const s = lt.start(i);
  const e = lt.end(i);
  while (k >= 0) {
    let j = s + k + 2;
    while (j < e && isSpace(lt.byte(j))) j++;
    if (lt.matchLower(i, j - s, "protocol compliance")) return true;
    k = lt.find(i, "##", k + 1);
  }
  return false;
}

function check(ctx: MdCtx): void {
  const log = ctx.log;
  const lt = log.lt;
  // one pass over the lines holding "##", "complete all" or "before" (any case) answers the three
  // questions: each header form needs one of the two (lineHas's `b`)
  let pc = false;
  let start = false;
  let end = false;
  let at = lt.searchAny(HEADER_NEEDLES, 0);
  while (at >= 0 && !(pc && start && end)) {
    const i = lt.lineOf(at);
    if (!pc) pc = complianceHeading(lt, i);
    if (!start) start = lineHas(lt, i, "session start", "complete all", "") || lineHas(lt, i, "start", "before", "work");
    if (!end) end = lineHas(lt, i, "session end", "complete all", "") || lineHas(lt, i, "end", "before", "closing");
    at = lt.searchAny(HEADER_NEEDLES, lt.next(i));
  }
  if (!pc) ctx.report(ctx.rule, ctx.at(0, 0), msg("missingProtocolComplianceSection"));
  if (!start) ctx.reportAs(ctx.rule, SEV_WARNING, ctx.at(log.startH + 1, 0), msg("missingSessionStartHeader"));
  if (!end) ctx.reportAs(ctx.rule, SEV_WARNING, ctx.at(log.endH + 1, 0), msg("missingSessionEndHeader"));
}
