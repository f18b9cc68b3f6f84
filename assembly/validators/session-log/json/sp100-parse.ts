// SP-100 (the file is JSON) and SP-101 (its root is an object).
import { defineRule } from "../../../rules";
import { SEV_ERROR } from "../../../abi";
import { JValue, J_OBJ, LineIndex, parseJson, jsonShort } from "../../../lib/json";
import { SessionCtx } from "../context";

export const SP100 = defineRule("SP-100", "session-log", SEV_ERROR, "JSON log parses",
  "A .json log is strict JSON; the finding gives the line and column where parsing stopped.");
export const SP101 = defineRule("SP-101", "session-log", SEV_ERROR, "JSON log root is an object",
  "The top-level JSON value is an object (otherwise no other rule runs).");

/** Parse the log; null (after a finding) when it is not JSON or its root is not an object. */
export function parseLog(ctx: SessionCtx, text: string): JValue | null {
  const r = parseJson(text);
  if (r.error.length > 0) {
    const li = new LineIndex(text);
    const line = li.line(r.errorPos);
    const col = li.col(r.errorPos);
    let near = li.starts.length >= line ? lineText(text, li.starts[line - 1]) : "";
    if (near.length > 80) near = near.substring(0, 77) + "...";
    ctx.report(SP100, line, col,
      "Invalid JSON in session log: " + r.error + " at line " + line.toString() + ", column " + col.toString() +
      (near.length > 0 ? " (near: " + near + ")" : "") +
      ". Common fixes: no trailing commas; double-quote names and strings; escape \\ and \" inside strings. Check with: python3 -m json.tool <file>");
    return null;
  }
  const v = r.value!;
  if (v.kind != J_OBJ) {
    ctx.report(SP101, 1, 1, "Schema: (root): " + jsonShort(v) + " is not of type 'object'; a session log is a JSON object");
    return null;
  }
  return v;
}

function lineText(t: string, start: i32): string {
  let e = start;
  while (e < t.length && t.charCodeAt(e) != 10 && t.charCodeAt(e) != 13) e++;
  return t.substring(start, e).trim();
}
