// PLAN-02: a role condition of the plan (qa:, security:, ...) that no table row carries.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { asciiLower } from "../../lib/text";
import { trim, segments } from "./util";
import { FAMILY_PLAN, PrePrCtx } from "./ctx";
import { Planning } from "./plan";

const MARKERS = "qa:|security:|devops:|architect:|implementer:";

export const PLAN02 = defineRule("PLAN-02", SEV_ERROR, check);
function PLAN02_doc(): RuleDoc {
  return {
    id: "PLAN-02",
    validator: "pre-pr",
    title: "Orphan condition",
    description: "A list item of the plan (else the tasks document) carries a role condition (`qa:`, `security:`, `devops:`, `architect:`, `implementer:`) whose text appears in no table row of that document.",
    messages: {
      conditionNotInAny: "Condition not in any table: {{trim}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PLAN) || ctx.docs.length == 0) return;
  const p = new Planning(ctx.docs);
  const doc = p.plan !== null ? p.plan : p.tasks;
  if (doc === null) return;
  const ls = doc.lines();
  const cells: string[] = [];
  for (let i = 0; i < ls.length; i++) {
    const t = trim(ls[i]);
    if (t.startsWith("|")) cells.push(asciiLower(t));
  }
  const marks = segments(MARKERS, 124);
  for (let i = 0; i < ls.length; i++) {
    const t = trim(ls[i]);
    if (!(t.startsWith("- ") || t.startsWith("* "))) continue;
    const low = asciiLower(t);
    for (let m = 0; m < marks.length; m++) {
      const at = low.indexOf(marks[m]);
      if (at < 0) continue;
      const text = trim(low.substring(at + marks[m].length));
      if (text.length == 0) continue;
      let found = false;
      for (let k = 0; k < cells.length && !found; k++) if (cells[k].indexOf(text) >= 0) found = true;
      if (!found) ctx.report(ctx.rule, loc(doc, i + 1, 1), msg("conditionNotInAny").s("trim", trim(t.substring(at + marks[m].length))));
      break;
    }
  }
}
