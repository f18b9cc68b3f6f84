// SP-106 (JSON session log, every mode): session date not in the future.
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_INFO } from "../../../abi";
import { J_STR } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { isDate } from "./schema";
import { latestDate } from "./session-fields";

export const SP106 = defineRule("SP-106", SEV_ERROR, check);
function SP106_doc(): RuleDoc {
  return {
    id: "SP-106",
    validator: "session-log",
    title: "Session date not in the future",
    description: "session.date is not later than the date at UTC+14 (the run's clock, --now).",
    messages: {
      sessionDateNotChecked: "Session date not checked against the clock: no valid current time was supplied",
      sessionDateIsIn: "Session date '{{date}}' is in the future (later than {{latest}}, the latest calendar date anywhere at {{now}}); use the date the session took place",
    },
  };
}

function check(ctx: JsonCtx): void {
  const log = ctx.log!;
  const sess = log.session();
  if (sess === null) return;
  const date = sess.get("date");
  if (date !== null && date.kind == J_STR && isDate(date.s)) {
    const now = log.ctx.input.fact("now");
    const latest = now !== null ? latestDate(now) : "";
    if (latest.length == 0) {
      ctx.reportAs(ctx.rule, SEV_INFO, log.at(date), msg("sessionDateNotChecked"));
    } else if (date.s > latest) {
      ctx.report(ctx.rule, log.at(date), msg("sessionDateIsIn").s("date", date.s).s("latest", latest).s("now", now!));
    }
  }
}
