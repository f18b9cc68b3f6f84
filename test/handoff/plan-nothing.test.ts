// Issue 40 item 7 (seed deviation): `session migrate-handoff` turned "None" under Blockers into a
// handoff. A list item or table cell that says there is nothing is no handoff; real items still are.
import { describe, it, expect } from "vitest";
import { planHandoff } from "../../dist/index.js";

describe("issue-40 migrate-handoff: None is no handoff", () => {
  it("issue-40 item 7: `- None` / `- N/A` / `- **None.**` under Blockers or Next Steps plan no handoff", () => {
    for (const item of ["None", "N/A", "**None.**", "none", "No blockers", "-"]) {
      const plan = planHandoff(`# Handoff\n\n## Blockers\n\n- ${item}\n`, ".agents/HANDOFF.md");
      expect(plan.handoffs, item).toEqual([]);
    }
  });
  it("issue-40 item 7: a real blocker is still a handoff, and the None beside it is not", () => {
    const plan = planHandoff("# Handoff\n\n## Blockers\n\n- None\n- CI is red on main (see #12)\n", ".agents/HANDOFF.md");
    expect(plan.handoffs.map((h) => h.reason)).toEqual(["CI is red on main (see #12)"]);
  });
});
