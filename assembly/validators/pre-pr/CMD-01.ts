// CMD-01: a slash-command file over upstream's line ceiling (scripts/validation/command_size.py,
// lefthook `command-size`): more than `warnLines` lines is a warning, more than `maxLines` an error
// unless the front matter declares `size-exception` (true, yes or 1) and an HTML comment opening in
// the first `rationaleLines` lines mentions the word "rationale" in at least `rationaleMinChars`
// characters. Upstream reads the file with universal newlines and counts str.splitlines.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc } from "../../io";
import { asciiLower } from "../../lib/text";
import { FAMILY_CMD, PrePrCtx } from "./ctx";
import { codePoints, lineBreak, pyLineCount, pyStrip, universal } from "./mem";

export const CMD01 = defineRule("CMD-01", SEV_ERROR, check);
function CMD01_doc(): RuleDoc {
  return {
    id: "CMD-01",
    validator: "pre-pr",
    title: "Command too large",
    description: "A slash-command file (`*.md` directly in `dir`) has more than `maxLines` lines (an error) or more than `warnLines` (a warning). A command's body is loaded whole when it runs; one that long should become a skill (progressive disclosure). `size-exception: true` (or `yes`, `1`) in the front matter turns the error into a warning when an HTML comment that opens in the first `rationaleLines` lines contains the word `rationale` and has at least `rationaleMinChars` characters; without that comment the exception is an error of its own. Lines are counted as Python's `str.splitlines` does after universal newlines. Port of upstream's `scripts/validation/command_size.py` (lefthook `command-size`).",
    options: {
      dir: { type: "string", "default": ".claude/commands", description: "Folder of the slash-command files; the `*.md` files directly in it are checked (the host selects them)." },
      maxLines: { type: "integer", "default": 200, description: "Most lines a command file may have." },
      warnLines: { type: "integer", "default": 150, description: "Lines above which a command file draws a warning." },
      rationaleLines: { type: "integer", "default": 30, description: "The rationale comment of a size exception opens within this many first lines." },
      rationaleMinChars: { type: "integer", "default": 40, description: "Fewest characters the rationale comment's text has (within those lines)." },
    },
    messages: {
      lines: "{{count}} lines (over {{max}}): convert the command to a skill, or declare `size-exception: true` with a rationale comment",
      linesNear: "{{count}} lines (over the warning threshold {{max}}): consider converting it to a skill",
      linesExcepted: "{{count}} lines (over {{max}}), allowed by its size-exception",
      noRationale: "{{count}} lines (over {{max}}) with `size-exception` declared but no rationale: add an HTML comment in the first {{lines}} lines that says, in at least {{chars}} characters and with the word rationale, why it stays a command",
    },
  };
}

/** Upstream's front matter (`\A---\n(.*?\n)---\n`, lines split at `:`): `size-exception` is true, yes or 1. */
export function commandException(text: string): bool {
  if (!text.startsWith("---\n")) return false;
  const close = text.indexOf("\n---\n", 4);
  if (close < 0) return false;
  const body = text.substring(4, close + 1);
  let value: string | null = null;
  const ls = body.split("\n");
  for (let i = 0; i < ls.length; i++) {
    const c = ls[i].indexOf(":");
    if (c < 0) continue;
    if (pyStrip(ls[i].substring(0, c)) == "size-exception") value = pyStrip(ls[i].substring(c + 1));
  }
  if (value === null) return false;
  const v = asciiLower(value!);
  return v == "true" || v == "yes" || v == "1";
}

function wordChar(c: i32): bool {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95;
  // Unicode letters and digits (approximated: not the spaces, punctuation and symbol blocks)
  return !(c <= 0xbf || c == 0xd7 || c == 0xf7 || (c >= 0x2000 && c <= 0x2bff) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xd800 && c <= 0xdfff) || c >= 0xfe00);
}

/** `\brationale\b`, case-insensitive. */
function mentionsRationale(s: string): bool {
  const low = asciiLower(s);
  let from = 0;
  while (true) {
    const i = low.indexOf("rationale", from);
    if (i < 0) return false;
    const before = i == 0 ? 32 : low.charCodeAt(i - 1);
    const after = i + 9 >= low.length ? 32 : low.charCodeAt(i + 9);
    if (!wordChar(before) && !wordChar(after)) return true;
    from = i + 1;
  }
}

/** An HTML comment opening in the first `lines` lines (its text up to `-->` or the end of those lines) has the rationale. */
export function commandRationale(text: string, lines: i32, minChars: i32): bool {
  // the first `lines` lines of str.splitlines, joined with LF (universal newlines already applied)
  let end = 0;
  let n = 0;
  let broke = false;
  while (n < lines && end < text.length) {
    let k = end;
    while (k < text.length) {
      const c = text.charCodeAt(k);
      if (lineBreak(c)) break;
      k++;
    }
    n++;
    broke = k < text.length;
    end = broke ? k + 1 : k;
  }
  const head = text.substring(0, broke ? end - 1 : end);
  let from = 0;
  while (true) {
    const open = head.indexOf("<!--", from);
    if (open < 0) return false;
    const close = head.indexOf("-->", open + 4);
    const body = head.substring(open + 4, close < 0 ? head.length : close);
    if (mentionsRationale(body) && codePoints(pyStrip(body)) >= minChars) return true;
    if (close < 0) return false;
    from = close + 3;
  }
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_CMD)) return;
  const maxLines = ctx.input.optionInt(ctx.rule, "maxLines", 200);
  const warnLines = ctx.input.optionInt(ctx.rule, "warnLines", 150);
  const rLines = ctx.input.optionInt(ctx.rule, "rationaleLines", 30);
  const rChars = ctx.input.optionInt(ctx.rule, "rationaleMinChars", 40);
  for (let i = 0; i < ctx.docs.length; i++) {
    const d: Doc = ctx.docs[i];
    const text = universal(d.text());
    const count = pyLineCount(text);
    ctx.results.put(d, "lines", count.toString());
    if (count <= warnLines && count <= maxLines) continue;
    if (count <= maxLines) {
      ctx.reportAs(ctx.rule, SEV_WARNING, loc(d), msg("linesNear").i("count", count).i("max", warnLines));
      continue;
    }
    if (!commandException(text)) ctx.report(ctx.rule, loc(d), msg("lines").i("count", count).i("max", maxLines));
    else if (!commandRationale(text, rLines, rChars)) ctx.report(ctx.rule, loc(d), msg("noRationale").i("count", count).i("max", maxLines).i("lines", rLines).i("chars", rChars));
    else ctx.reportAs(ctx.rule, SEV_WARNING, loc(d), msg("linesExcepted").i("count", count).i("max", maxLines));
  }
}
