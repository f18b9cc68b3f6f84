// NamingConventions model (CO-007): case-sensitive whole-name patterns, specs/consistency.md §3.2.
import { isWord, at } from "../../lib/mdscan";
import { allDigits } from "../../lib/text";

function isSlug(s: string, from: i32, to: i32): bool {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c != 45 && !isWord(c)) return false;
  }
  return true;
}

function endsMd(n: string): bool {
  return n.endsWith(".md");
}

/** PREFIX + NNN + "-" + slug + ".md" */
function numbered(n: string, prefix: string): bool {
  const p = prefix.length;
  return at(n, prefix, 0) && endsMd(n) && n.length > p + 7 && allDigits(n, p, p + 3) && n.charCodeAt(p + 3) == 45 &&
    isSlug(n, p + 4, n.length - 3);
}

function prefixed(n: string, prefix: string): bool {
  return at(n, prefix, 0) && endsMd(n) && isSlug(n, prefix.length, n.length - 3);
}

/** Naming check for a pattern key; unknown keys are always valid. */
export function validName(key: string, n: string): bool {
  if (key == "epic") return numbered(n, "EPIC-");
  if (key == "adr") return numbered(n, "ADR-");
  if (key == "tm") return numbered(n, "TM-");
  if (key == "prd") return prefixed(n, "prd-");
  if (key == "tasks") return prefixed(n, "tasks-");
  if (key == "plan") {
    if (prefixed(n, "implementation-plan-") || prefixed(n, "plan-")) return true;
    return n.endsWith("-plan.md") && allDigits(n, 0, 3) && n.length > 12 && n.charCodeAt(3) == 45 &&
      isSlug(n, 4, n.length - 8);
  }
  return true;
}
