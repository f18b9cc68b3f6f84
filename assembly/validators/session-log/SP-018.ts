// SP-018: absolute paths (/home/, /Users/, X:\) outside fenced code blocks (warning).
import { defineRule, msg, RuleCtx, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";
import { find } from "../../lib/text";

export const SP018 = defineRule("SP-018", SEV_WARNING, check);
function SP018_doc(): RuleDoc {
  return {
    id: "SP-018",
    validator: "session-log",
    title: "No absolute paths",
    description: "No /home/, /Users/, X:\\ paths outside fenced code.",
    messages: {
      absolutePathUseA: "Absolute path; use a repo-relative path",
    },
  };
}

/** Column (0-based) of the first absolute path in a line, or -1. */
function absAt(l: string): i32 {
  let k = find(l, "/home/");
  if (k < 0) k = find(l, "/Users/");
  if (k >= 0) return k;
  for (let i = 0; i + 2 < l.length; i++) {
    const c = l.charCodeAt(i);
    if (c >= 65 && c <= 90 && l.charCodeAt(i + 1) == 58 && l.charCodeAt(i + 2) == 92) return i;
  }
  return -1;
}

function check(c: RuleCtx): void {
  const ctx = changetype<MdCtx>(c);
  const log = ctx.log;
  for (let i = 0; i < log.lines.length; i++) {
    if (log.fenced[i]) continue;
    const k = absAt(log.lines[i]);
    if (k >= 0) ctx.report(ctx.rule, i + 1, k + 1, msg("absolutePathUseA"));
  }
}
