// SFM-11: a SKILL.md over upstream's size limits (scripts/validation/skill_size.py, lefthook
// `skill-size`): lines and bytes, each with a warning threshold; `size-exception: true` in the front
// matter turns an overage into a warning when an HTML comment near the top gives the reason.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc } from "../../io";
import { asciiLower } from "../../lib/text";
import { FAMILY_SFM, PrePrCtx } from "./ctx";
import { skills } from "./skill";
import { pyLineCount, pyStrip, codePoints } from "./mem";

export const SFM11 = defineRule("SFM-11", SEV_ERROR, check);
function SFM11_doc(): RuleDoc {
  return {
    id: "SFM-11",
    validator: "pre-pr",
    title: "Skill too large",
    description: "A SKILL.md has more than `maxLines` lines or more than `maxBytes` bytes (an error), or more than `warnLines` lines or `warnBytes` bytes (a warning). An agent loads the whole body when it invokes the skill, so a large one crowds its context: keep the body lean and move procedures, tables and examples to `references/`, `modules/` or `scripts/` (progressive disclosure). `size-exception: true` in the front matter turns an overage into a warning when an HTML comment that opens in the first `rationaleLines` lines mentions `size-exception` and has at least `rationaleMinChars` characters (the reason); without that comment the exception is an error of its own. Lines are counted as Python's `str.splitlines` does, bytes are the file's. Port of upstream's `scripts/validation/skill_size.py` (lefthook `skill-size`).",
    options: {
      maxLines: { type: "integer", "default": 500, description: "Most lines a SKILL.md may have." },
      warnLines: { type: "integer", "default": 300, description: "Lines above which a SKILL.md draws a warning." },
      maxBytes: { type: "integer", "default": 24576, description: "Most bytes a SKILL.md may have (upstream's ratchet; its target is 20,480)." },
      warnBytes: { type: "integer", "default": 12288, description: "Bytes above which a SKILL.md draws a warning." },
      rationaleLines: { type: "integer", "default": 40, description: "The rationale comment of a size exception opens within this many first lines." },
      rationaleMinChars: { type: "integer", "default": 200, description: "Fewest characters the rationale comment's text has." },
    },
    messages: {
      lines: "{{count}} lines (over {{max}}): move details to references/, modules/ or scripts/ (progressive disclosure), or declare `size-exception: true` with a rationale",
      bytes: "{{count}} bytes (over {{max}}): move procedures, tables and examples to references/ so the always-loaded body stays lean, or declare `size-exception: true` with a rationale",
      linesNear: "{{count}} lines (over the warning threshold {{max}}): consider progressive disclosure",
      bytesNear: "{{count}} bytes (over the warning threshold {{max}}): consider progressive disclosure",
      linesExcepted: "{{count}} lines (over {{max}}), allowed by its size-exception",
      bytesExcepted: "{{count}} bytes (over {{max}}), allowed by its size-exception",
      noRationale: "`size-exception: true` is declared without a rationale: add an HTML comment in the first {{lines}} lines that mentions size-exception and says, in at least {{chars}} characters, why progressive disclosure does not apply and what would retire the exception",
    },
  };
}

/** The front matter (the lines, split at LF only, between a leading `---` and the next `---` line) has `size-exception: true`. */
export function hasSizeException(text: string): bool {
  if (!text.startsWith("---")) return false;
  const ls = text.split("\n");
  for (let i = 1; i < ls.length; i++) {
    if (pyStrip(ls[i]) != "---") continue;
    for (let k = 1; k < i; k++) {
      const t = pyStrip(ls[k]);
      const low = asciiLower(t);
      if (!low.startsWith("size-exception:")) continue;
      const rest = pyStrip(low.substring(15));
      if (!rest.startsWith("true")) continue;
      const tail = pyStrip(rest.substring(4));
      if (tail.length == 0 || tail.startsWith("#")) return true;
    }
    return false;
  }
  return false;
}

/** An HTML comment opening in the first `lines` lines mentions size-exception and has `minChars` characters. */
export function hasRationale(text: string, lines: i32, minChars: i32): bool {
  let headEnd = 0;
  for (let n = 0; n < lines; n++) {
    const nl = text.indexOf("\n", headEnd);
    if (nl < 0) {
      headEnd = text.length;
      break;
    }
    headEnd = nl + 1;
  }
  let from = 0;
  while (true) {
    const open = text.indexOf("<!--", from);
    if (open < 0 || open >= headEnd) return false;
    const close = text.indexOf("-->", open + 4);
    if (close < 0) return false;
    const body = pyStrip(text.substring(open + 4, close));
    if (asciiLower(body).indexOf("size-exception") >= 0 && codePoints(body) >= minChars) return true;
    from = close + 3;
  }
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SFM)) return;
  const maxLines = ctx.input.optionInt(ctx.rule, "maxLines", 500);
  const warnLines = ctx.input.optionInt(ctx.rule, "warnLines", 300);
  const maxBytes = ctx.input.optionInt(ctx.rule, "maxBytes", 24576);
  const warnBytes = ctx.input.optionInt(ctx.rule, "warnBytes", 12288);
  const rLines = ctx.input.optionInt(ctx.rule, "rationaleLines", 40);
  const rChars = ctx.input.optionInt(ctx.rule, "rationaleMinChars", 200);
  const ss = skills(ctx);
  for (let i = 0; i < ss.length; i++) {
    const d: Doc = ss[i].doc;
    const text = d.text();
    const lines = pyLineCount(text);
    const bytes = d.len;
    const over = lines > maxLines || bytes > maxBytes;
    if (!over && lines <= warnLines && bytes <= warnBytes) continue;
    const exception = over && hasSizeException(text);
    if (exception && !hasRationale(text, rLines, rChars)) ctx.report(ctx.rule, loc(d), msg("noRationale").i("lines", rLines).i("chars", rChars));
    if (lines > maxLines) {
      if (exception) ctx.reportAs(ctx.rule, SEV_WARNING, loc(d), msg("linesExcepted").i("count", lines).i("max", maxLines));
      else ctx.report(ctx.rule, loc(d), msg("lines").i("count", lines).i("max", maxLines));
    } else if (lines > warnLines) ctx.reportAs(ctx.rule, SEV_WARNING, loc(d), msg("linesNear").i("count", lines).i("max", warnLines));
    if (bytes > maxBytes) {
      if (exception) ctx.reportAs(ctx.rule, SEV_WARNING, loc(d), msg("bytesExcepted").i("count", bytes).i("max", maxBytes));
      else ctx.report(ctx.rule, loc(d), msg("bytes").i("count", bytes).i("max", maxBytes));
    } else if (bytes > warnBytes) ctx.reportAs(ctx.rule, SEV_WARNING, loc(d), msg("bytesNear").i("count", bytes).i("max", warnBytes));
  }
}
