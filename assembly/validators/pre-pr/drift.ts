// The comparison of the pre-pr family "drift" (DRIFT-04): left files <name>.md pair with right
// files <name>.agent.md; named level-2 sections are compared by Jaccard similarity of their word sets.
import { Doc } from "../../io";
import { asciiLower } from "../../lib/text";
import { trim } from "./util";
import { PREPR_ROLE_DRIFT_RIGHT } from "../../abi";

export function stem(d: Doc): string {
  const b = d.baseName();
  if (d.flags == PREPR_ROLE_DRIFT_RIGHT && b.endsWith(".agent.md")) return b.substring(0, b.length - 9);
  return b.endsWith(".md") ? b.substring(0, b.length - 3) : b;
}

/** Text of the named section (lower-case heading) or null; front matter and fence tags are dropped. */
export function section(d: Doc, name: string): string | null {
  const ls = d.lines();
  let i = 0;
  if (ls.length > 0 && trim(ls[0]) == "---") {
    i = 1;
    while (i < ls.length && trim(ls[i]) != "---") i++;
    i++;
  }
  let found = false;
  const out: string[] = [];
  for (; i < ls.length; i++) {
    const l = ls[i];
    if (l.startsWith("## ")) {
      if (found) break;
      found = asciiLower(trim(l.substring(3))) == name;
      continue;
    }
    if (found) out.push(trim(l).startsWith("```") ? "```" : l);
  }
  return found ? out.join("\n") : null;
}

export function words(s: string, set: Map<string, string>): i32 {
  const t = asciiLower(s);
  let start = -1;
  for (let i = 0; i <= t.length; i++) {
    const c = i < t.length ? t.charCodeAt(i) : 32;
    const w = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95;
    if (w && start < 0) start = i;
    else if (!w && start >= 0) {
      if (i - start > 2) set.set(t.substring(start, i), "");
      start = -1;
    }
  }
  return set.size;
}

/** Jaccard similarity in tenths of a percent (0..1000). */
export function similarity(a: string, b: string): i32 {
  const wa = new Map<string, string>();
  const wb = new Map<string, string>();
  const na = words(a, wa);
  const nb = words(b, wb);
  if (na == 0 && nb == 0) return 1000;
  if (na == 0 || nb == 0) return 0;
  // shared words: b's distinct words that a also has
  let inter = 0;
  const kb = wb.keys();
  for (let i = 0; i < kb.length; i++) if (wa.has(kb[i])) inter++;
  return (inter * 2000 + (na + nb - inter)) / (2 * (na + nb - inter));
}

export function pct(tenths: i32): string {
  return (tenths / 10).toString() + "." + (tenths % 10).toString();
}
