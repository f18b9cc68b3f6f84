// SP-100: the file is JSON (the validator parses it once, ./index.ts; this rule reports a failure).
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { LineIndex } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { txt } from "../../../lib/texts";

export const SP100 = defineRule("SP-100", SEV_ERROR, check);
function SP100_doc(): RuleDoc {
  return {
    id: "SP-100",
    validator: "session-log",
    title: "JSON log parses",
    description: "A .json log is strict JSON; the finding gives the line and column where parsing stopped.",
    messages: {
      invalidJsonInSession: "Invalid JSON in session log: {{error}} at line {{line}}, column {{col}}{{detail}}. Common fixes: no trailing commas; double-quote names and strings; escape \\ and \" inside strings. Check with: python3 -m json.tool <file>",
    },
  };
}

function check(ctx: JsonCtx): void {
  const r = ctx.parsed;
  if (r.error.length == 0) return;
  const text = ctx.doc.text(); // decoded only for the message
  const li = new LineIndex(text);
  const line = li.line(r.errorPos);
  const col = li.col(r.errorPos);
  let near = li.starts.length >= line ? lineText(text, li.starts[line - 1]) : "";
  if (near.length > 80) near = near.substring(0, 77) + "...";
  ctx.report(ctx.rule, ctx.at(line, col), msg("invalidJsonInSession").s("error", r.error).s("line", line.toString()).s("col", col.toString()).s("detail", (near.length > 0 ? txt(" (near: ") + near + ")" : "")));
}

function lineText(t: string, start: i32): string {
  let e = start;
  while (e < t.length && t.charCodeAt(e) != 10 && t.charCodeAt(e) != 13) e++;
  return t.substring(start, e).trim();
}
