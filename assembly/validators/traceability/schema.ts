// Spec schema model (TR-009): the id shapes of the three spec categories.
import { at } from "../../lib/mdscan";
import { isAlnum } from "../../lib/text";

export const TYPES = ["requirement", "design", "task"];
export const PREFIX = ["REQ-", "DESIGN-", "TASK-"];
export const STATUSES = "|draft|review|approved|pending|in-progress|complete|done|implemented|rejected|deferred|";

/** `(REQ|DESIGN|TASK)-[A-Z0-9]+`: index of the prefix, or -1. */
export function idKind(id: string): i32 {
  for (let k = 0; k < 3; k++) {
    const p = PREFIX[k];
    if (!at(id, p, 0) || id.length == p.length) continue;
    for (let i = p.length; i < id.length; i++) {
      const c = id.charCodeAt(i);
      if (!isAlnum(c) || c >= 97) return -1;
    }
    return k;
  }
  return -1;
}
