// WFS-11: a workflow job without `timeout-minutes`, or with more minutes than the option allows.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { isDigit } from "../../lib/text";
import { unquote } from "./util";
import { FAMILY_WFS, PrePrCtx } from "./ctx";
import { workflows } from "./workflow";

/** The job's timeout is not set. */
const UNSET: f64 = -2;
/** The timeout is an expression (`${{ ... }}`): not judged. */
const EXPRESSION: f64 = -1;
/** The timeout is neither a number nor an expression: reported. */
const NOT_A_NUMBER: f64 = -3;

export const WFS11 = defineRule("WFS-11", SEV_WARNING, check);
function WFS11_doc(): RuleDoc {
  return {
    id: "WFS-11",
    validator: "pre-pr",
    title: "Job without timeout",
    description: "Opt-in (set `maxMinutes`): a job of a workflow sets no `timeout-minutes`, or sets a number of minutes over `maxMinutes`. Without it a hung step holds a runner for GitHub's default of 360 minutes. Jobs that call a reusable workflow (`uses:`) cannot set it and are skipped; a value given as an expression is not judged; any other value that is not a number is reported.",
    options: {
      maxMinutes: { type: "integer", "default": 0, description: "Most minutes a job's timeout-minutes may allow; 0 = the rule is off (e.g. 360 only requires a timeout, 30 also caps it)." },
    },
    messages: {
      noTimeout: "{{job}}: no timeout-minutes",
      overLimit: "{{job}}: timeout-minutes {{minutes}} (over {{max}})",
      notANumber: "{{job}}: timeout-minutes '{{value}}' is not a number of minutes",
    },
  };
}

/**
 * The value as minutes (a decimal number, as GitHub accepts it), or EXPRESSION / NOT_A_NUMBER. Only
 * its comparison with a whole maxMinutes matters: the whole part (capped far above any limit) plus
 * a half when a fraction is not zero.
 */
function minutes(t: string): f64 {
  if (t.indexOf("${{") >= 0) return EXPRESSION;
  let digits = 0;
  let dot = false;
  let whole: f64 = 0;
  let fraction = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (isDigit(c)) {
      digits++;
      if (dot) fraction = fraction || c != 48;
      else if (whole < 1e12) whole = whole * 10 + <f64>(c - 48);
    } else if (c == 46 && !dot) dot = true;
    else return NOT_A_NUMBER;
  }
  return digits == 0 ? NOT_A_NUMBER : fraction ? whole + 0.5 : whole;
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_WFS)) return;
  const max = ctx.input.optionInt(ctx.rule, "maxMinutes", 0);
  if (max <= 0) return;
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const w = ws[d];
    if (!w.structured() || !w.isWorkflow()) continue;
    for (let j = 0; j < w.jobs.length; j++) {
      const job = w.jobs[j];
      if (job.from >= job.to) continue;
      const childIndent = w.lines[job.from].indent;
      let timeout = UNSET;
      let written = "";
      let reusable = false;
      for (let i = job.from; i < job.to; i++) {
        const ln = w.lines[i];
        if (ln.indent != childIndent || ln.item) continue;
        if (ln.key == "uses") reusable = true;
        else if (ln.key == "timeout-minutes") {
          written = unquote(ln.value).trim();
          timeout = minutes(written);
        }
      }
      if (reusable) continue;
      const at = job.line;
      if (timeout == UNSET) ctx.report(ctx.rule, loc(w.doc, at.no, at.indent + 1), msg("noTimeout").s("job", at.key));
      else if (timeout == NOT_A_NUMBER) ctx.report(ctx.rule, loc(w.doc, at.no, at.indent + 1), msg("notANumber").s("job", at.key).s("value", written));
      else if (timeout > <f64>max) {
        ctx.report(ctx.rule, loc(w.doc, at.no, at.indent + 1), msg("overLimit").s("job", at.key).s("minutes", written).i("max", max));
      }
    }
  }
}
