// ScopeAlignment model (CO-001..CO-004, Epic <-> PRD): how a PRD names its Epic.
import { isDigit, find } from "../../lib/text";

/** The text names some EPIC-NNN id. */
export function mentionsEpicId(t: string): bool {
  let i = find(t, "EPIC-");
  while (i >= 0) {
    if (i + 8 <= t.length && isDigit(t.charCodeAt(i + 5)) && isDigit(t.charCodeAt(i + 6)) && isDigit(t.charCodeAt(i + 7))) return true;
    i = find(t, "EPIC-", i + 1);
  }
  return false;
}
