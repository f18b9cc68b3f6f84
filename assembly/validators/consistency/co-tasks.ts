// TaskCompletion model (CO-010): priority markers and task lines of a Tasks document.
import { skipWs, at } from "../../lib/mdscan";
import { isPyWs } from "../../lib/mdrow";
import { find } from "../../lib/text";

/** Priority set by a marker on this line (0, 1, 2), or -1. */
export function marker(l: string): i32 {
  const h = find(l, "##");
  for (let p = 0; p < 3; p++) {
    const tok = "P" + p.toString();
    if (h >= 0 && l.indexOf(tok, h + 2) >= 0) return p;
    let i = find(l, "Priority:");
    while (i >= 0) {
      if (at(l, tok, skipWs(l, i + 9))) return p;
      i = find(l, "Priority:", i + 1);
    }
  }
  return -1;
}

/** 0 unchecked task, 1 checked task, -1 not a task line. */
export function taskLine(l: string): i32 {
  const x = skipWs(l, 0);
  if (x >= l.length) return -1;
  const c = l.charCodeAt(x);
  if (c != 45 && c != 42) return -1;
  const q = skipWs(l, x + 1);
  if (q == x + 1 || q + 3 > l.length || l.charCodeAt(q) != 91 || l.charCodeAt(q + 2) != 93) return -1;
  const m = l.charCodeAt(q + 1);
  if (m != 32 && m != 120) return -1;
  // `\s+(.+)$`: at least one white space, then at least one more character
  if (q + 5 > l.length || !isPyWs(l.charCodeAt(q + 3))) return -1;
  return m == 120 ? 1 : 0;
}
