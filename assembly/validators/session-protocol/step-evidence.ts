// Which observed evidence ticks a start step of the repository's own protocol (issue 40 item 2): the
// rule that maps a checklist row's wording to the kind of tool call the PostToolUse hook must see.
// Kinds (the host's src/state/observed.ts matches tool calls against them):
//   tool <mcp__server__tool>  the step names an MCP tool: a call of that tool (any server whose name
//                             contains the server named)
//   log                       "create ... session log": a write of a file in the sessions folder
//   list <folder>             "list ... in <folder>": a listing or search in that folder
//   memory <name>             "read ... memory": a memory read whose name contains <name> ("" any)
//   read <path>               "read <file>": a Read of that file (same path or same file name)
//   git                       the branch or git state: a `git status|branch|rev-parse|log` run
//   validator                 a validation or lint run: a validator run
//   record                    nothing a tool call shows: ticked only by an explicit record (CLI / MCP)
import { asciiLower } from "../../lib/text";

/** The first `code span` of a step, or "". */
function firstSpan(step: string): string {
  const a = step.indexOf("`");
  if (a < 0) return "";
  const b = step.indexOf("`", a + 1);
  return b < 0 ? "" : step.slice(a + 1, b).trim();
}

/** Every `code span` of a step. */
function spans(step: string): string[] {
  const out: string[] = [];
  let from = 0;
  while (true) {
    const a = step.indexOf("`", from);
    if (a < 0) break;
    const b = step.indexOf("`", a + 1);
    if (b < 0) break;
    out.push(step.slice(a + 1, b).trim());
    from = b + 1;
  }
  return out;
}

function isWordChar(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 || c == 46 || c == 47;
}

/** The word (letters, digits, - _ . /) that starts at or after `from`, skipping other characters. */
function wordAt(s: string, from: i32): string {
  let i = from;
  const n = s.length;
  while (i < n && !isWordChar(s.charCodeAt(i))) i++;
  let j = i;
  while (j < n && isWordChar(s.charCodeAt(j))) j++;
  let w = s.slice(i, j);
  while (w.length > 0 && (w.endsWith(".") || w.endsWith("/"))) w = w.slice(0, w.length - 1);
  return w;
}

/** A token of the step that looks like a file (has a dot followed by letters), or "". */
function fileToken(step: string): string {
  const parts = step.split(" ");
  for (let i = 0; i < parts.length; i++) {
    let p = parts[i];
    while (p.length > 0 && (p.endsWith(",") || p.endsWith(";") || p.endsWith(":") || p.endsWith(")"))) p = p.slice(0, p.length - 1);
    while (p.startsWith("`") || p.startsWith("(")) p = p.slice(1);
    if (p.endsWith("`")) p = p.slice(0, p.length - 1);
    const dot = p.lastIndexOf(".");
    if (dot > 0 && dot < p.length - 1) {
      let alpha = true;
      for (let k = dot + 1; k < p.length; k++) {
        const c = p.charCodeAt(k);
        if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) alpha = false;
      }
      if (alpha) return p;
    }
  }
  return "";
}

/** A folder named by the step: a code span or token with a slash, or "". */
function folderToken(step: string): string {
  const s = spans(step);
  for (let i = 0; i < s.length; i++) if (s[i].indexOf("/") >= 0) return s[i];
  const parts = step.split(" ");
  for (let i = 0; i < parts.length; i++) if (parts[i].indexOf("/") > 0) return parts[i];
  return "";
}

/** Words after "read" that name no particular memory ("read the memories", "read relevant memories"). */
function anyMemory(w: string): bool {
  return w == "" || w == "project" || w == "relevant" || w == "task-relevant" || w == "memories" || w == "memory" || w == "your";
}

/** The evidence kind and its argument for one step (two strings). */
export function stepEvidence(step: string): string[] {
  const lower = asciiLower(step);
  const s = spans(step);
  for (let i = 0; i < s.length; i++) if (s[i].startsWith("mcp__")) return ["tool", s[i]];
  if (lower.includes("session log") && (lower.startsWith("create") || lower.includes(" create"))) return ["log", ""];
  if (lower.startsWith("list")) {
    const dir = folderToken(step);
    return dir == "" ? ["record", ""] : ["list", dir];
  }
  const r = lower.startsWith("read ") ? 5 : lower.indexOf(" read ") >= 0 ? lower.indexOf(" read ") + 6 : -1;
  if (r >= 0) {
    const rest = lower.slice(r);
    const span = firstSpan(step);
    if (span != "" && span.indexOf(".") > 0) return ["read", span];
    const f = fileToken(step.slice(r));
    if (f != "" && !rest.includes("memor")) return ["read", f];
    if (rest.includes("memor")) {
      let w = wordAt(rest, 0);
      if (w == "the" || w == "all" || w == "your") w = wordAt(rest, rest.indexOf(w) + w.length);
      return ["memory", anyMemory(w) ? "" : w];
    }
    return ["record", ""];
  }
  if (lower.includes("branch") || lower.includes("git status") || lower.includes("not on main") || (lower.includes("starting") && lower.includes(" commit"))) return ["git", ""];
  if (lower.includes("validat") || lower.includes(" lint")) return ["validator", ""];
  return ["record", ""];
}
