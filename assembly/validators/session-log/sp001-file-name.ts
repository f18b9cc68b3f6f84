import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SessionCtx } from "./context";
import { allDigits, isDigit, endsWithIgnoreCase, asciiLower } from "../../lib/text";

export const SP001 = defineRule("SP-001", SEV_ERROR);
function SP001_doc(): RuleDoc {
  return {
    id: "SP-001",
    validator: "session-log",
    title: "Session log file name",
    description: "A session log is named YYYY-MM-DD-session-N[-slug].md or .json (N any number of digits; case-insensitive).",
    messages: {
      badName: "Session log naming violation: {{name}} (expected YYYY-MM-DD-session-N.md or YYYY-MM-DD-session-N-description.md)",
    },
  };
}

/** Length of the YYYY-MM-DD-session-N prefix, or -1 when the name does not start with it. */
export function sessionNamePrefix(name: string): i32 {
  if (name.length < 19) return -1;
  if (!allDigits(name, 0, 4) || name.charCodeAt(4) != 45 || !allDigits(name, 5, 7) || name.charCodeAt(7) != 45 ||
      !allDigits(name, 8, 10)) return -1;
  if (asciiLower(name.substring(10, 19)) != "-session-") return -1;
  let i = 19;
  while (i < name.length && isDigit(name.charCodeAt(i))) i++;
  if (i == 19) return -1;
  return i;
}

export function isSessionLogName(name: string): bool {
  let ext = "";
  if (endsWithIgnoreCase(name, ".md")) ext = ".md";
  else if (endsWithIgnoreCase(name, ".json")) ext = ".json";
  else return false;
  const stem = name.substring(0, name.length - ext.length);
  const p = sessionNamePrefix(stem);
  if (p < 0) return false;
  if (p == stem.length) return true;
  // "-<slug>" with a non-empty slug
  return stem.charCodeAt(p) == 45 && p + 1 < stem.length;
}

export function checkSP001(ctx: SessionCtx): void {
  const name = ctx.doc.baseName();
  if (!isSessionLogName(name)) {
    ctx.report(SP001, 0, 0,
      msg("badName").s("name", name));
  }
}
