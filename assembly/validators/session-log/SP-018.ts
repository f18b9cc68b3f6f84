// SP-018: absolute paths (/home/, /Users/, X:\) outside fenced code blocks (warning).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { MdCtx } from "./md-log";
import { LineTable, Needles } from "../../lib/lines";

const ABS_NEEDLES = new Needles("/home/", "/Users/", ":\\", false);

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

/** Byte offset (in line i) of the first absolute path, or -1 ("/home/" or "/Users/" first, else X:\\). */
function absAt(lt: LineTable, i: i32): i32 {
  let k = lt.find(i, "/home/");
  if (k < 0) k = lt.find(i, "/Users/");
  if (k >= 0) return k;
  const s = lt.start(i);
  const e = lt.end(i);
  for (let j = s; j + 2 < e; j++) {
    const c = lt.byte(j);
    if (c >= 65 && c <= 90 && lt.byte(j + 1) == 58 && lt.byte(j + 2) == 92) return j - s;
  }
  return -1;
}

function check(ctx: MdCtx): void {
  const lt = ctx.log.lt;
  // one pass over the lines holding a candidate ("/home/", "/Users/", ":\\"), in order
  let at = lt.searchAny(ABS_NEEDLES, 0);
  while (at >= 0) {
    const i = lt.lineOf(at);
    if (!lt.fenced(i)) {
      const k = absAt(lt, i);
      if (k >= 0) ctx.report(ctx.rule, ctx.at(i + 1, lt.column(i, k) + 1), msg("absolutePathUseA"));
    }
    at = lt.searchAny(ABS_NEEDLES, lt.next(i));
  }
}
