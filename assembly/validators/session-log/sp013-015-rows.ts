// SP-013 MUST rows checked, SP-014 MUST NOT rows verified, SP-015 SHOULD rows (warning), with
// SP-023: a non-checkbox status (N/A, Done, ✅) counts as unchecked and is named in the message.
// Rows come from the parsed Session Start / Session End tables; the QA row is judged by SP-037 and,
// in pre-commit context, the commit row is exempt (the commit does not exist yet).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog, isPreCommit } from "./md-log";
import { ChecklistRow } from "../../lib/mdtable";

export const SP013 = defineRule("SP-013", SEV_ERROR);
function SP013_doc(): RuleDoc {
  return {
    id: "SP-013",
    validator: "session-log",
    title: "MUST rows checked",
    description: "Every MUST row is [x]; N/A or other text is unchecked.",
    messages: {
      mustStepNotChecked: "MUST step not checked: {{step}}{{why}}",
    },
  };
}
export const SP014 = defineRule("SP-014", SEV_ERROR);
function SP014_doc(): RuleDoc {
  return {
    id: "SP-014",
    validator: "session-log",
    title: "MUST NOT rows verified",
    description: "Every MUST NOT row is [x] (verified not done).",
    messages: {
      mustNotStepNot: "MUST NOT step not verified: {{step}}{{why}}",
    },
  };
}
export const SP015 = defineRule("SP-015", SEV_WARNING);
function SP015_doc(): RuleDoc {
  return {
    id: "SP-015",
    validator: "session-log",
    title: "SHOULD rows checked",
    description: "Unchecked SHOULD rows (one warning).",
    messages: {
      incompleteShouldRequirements: "Incomplete SHOULD requirements: {{open}}/{{should}}",
    },
  };
}

function why(r: ChecklistRow): string {
  return r.isBox() ? "" : " (non-checkbox status '" + r.status + "')";
}

export function checkRows(ctx: SessionCtx, log: MdLog): void {
  const qa = log.qaRow();
  const commit = isPreCommit(ctx.input) ? log.commitRow() : null;
  let should = 0;
  let open = 0;
  for (let t = 0; t < 2; t++) {
    const rows = t == 0 ? log.start : log.end;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (r.req == "SHOULD") {
        should++;
        if (!r.checked) open++;
      }
      if (r.checked || r === qa || r === commit) continue;
      if (r.req == "MUST") ctx.report(SP013, r.line, 0, msg("mustStepNotChecked").s("step", r.step).s("why", why(r)));
      else if (r.req == "MUST NOT") ctx.report(SP014, r.line, 0, msg("mustNotStepNot").s("step", r.step).s("why", why(r)));
    }
  }
  if (open > 0) {
    ctx.report(SP015, 0, 0, msg("incompleteShouldRequirements").s("open", open.toString()).s("should", should.toString()));
  }
}
