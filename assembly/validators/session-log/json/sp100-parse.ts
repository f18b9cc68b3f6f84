// SP-100 (the file is JSON) and SP-101 (its root is an object).
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JValue, J_OBJ, LineIndex, parseJsonBytes, jsonShort } from "../../../lib/json";
import { SessionCtx } from "../context";

export const SP100 = defineRule("SP-100", SEV_ERROR);
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
export const SP101 = defineRule("SP-101", SEV_ERROR);
function SP101_doc(): RuleDoc {
  return {
    id: "SP-101",
    validator: "session-log",
    title: "JSON log root is an object",
    description: "The top-level JSON value is an object (otherwise no other rule runs).",
    messages: {
      schemaRootIsNot: "Schema: (root): {{jsonShort}} is not of type 'object'; a session log is a JSON object",
    },
  };
}

/**
 * Parse the log from its UTF-8 bytes (a leading BOM skipped, as Doc.text() does); null (after a
 * finding) when it is not JSON or its root is not an object. The text is decoded only for the message
 * of a syntax error.
 */
export function parseLog(ctx: SessionCtx): JValue | null {
  let p = ctx.doc.ptr;
  let n = ctx.doc.len;
  if (n >= 3 && load<u8>(p) == 0xef && load<u8>(p + 1) == 0xbb && load<u8>(p + 2) == 0xbf) {
    p += 3;
    n -= 3;
  }
  const r = parseJsonBytes(p, n);
  if (r.error.length > 0) {
    const text = ctx.doc.text();
    const li = new LineIndex(text);
    const line = li.line(r.errorPos);
    const col = li.col(r.errorPos);
    let near = li.starts.length >= line ? lineText(text, li.starts[line - 1]) : "";
    if (near.length > 80) near = near.substring(0, 77) + "...";
    ctx.report(SP100, line, col,
      msg("invalidJsonInSession").s("error", r.error).s("line", line.toString()).s("col", col.toString()).s("detail", (near.length > 0 ? " (near: " + near + ")" : "")));
    return null;
  }
  const v = r.value!;
  if (v.kind != J_OBJ) {
    ctx.report(SP101, 1, 1, msg("schemaRootIsNot").s("jsonShort", jsonShort(v)));
    return null;
  }
  return v;
}

function lineText(t: string, start: i32): string {
  let e = start;
  while (e < t.length && t.charCodeAt(e) != 10 && t.charCodeAt(e) != 13) e++;
  return t.substring(start, e).trim();
}
