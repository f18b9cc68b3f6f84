// The markdown rules never abort: random logs assembled from checklist fragments, with every fact
// combination (strict, contexts, git facts, protocol), always produce a result.
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { check, HEADER } from "./lib.js";

const FRAGMENTS = [
  "## Session Start", "### Session Start (COMPLETE ALL before work)", "## Session End (COMPLETE ALL before closing)",
  "## Protocol Compliance", "## Session Info", "## Work Log", "### Commits This Session", HEADER, "|---|", "|", "||||",
  "| MUST | Read memory-index, load task-relevant memories | [x] | memory-index, a-b |",
  "| MUST | Route to qa agent | [x] | SKIPPED: docs-only `.agents/qa/../x.md` |", "| MUST | Route to qa agent | [ ] | `.agents/qa/r.md` |",
  "| MUST | Commit all changes | [x] | Commit SHA: `abc1234` x |", "| MUST NOT | Update HANDOFF | N/A | |", "| SHOULD | x | [X] | `/home/a/b` |",
  "- **Starting Commit**: `a1b2c3d`", "Starting Commit: zz", "```", "~~~", "`", "C:\\Users\\x", "- `deadbeef` - x", "#", "## ", "`a|b`",
];

describe("session-md: robustness", () => {
  it("property: random checklist-like logs with random facts never abort", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 40 })), { maxLength: 60 }),
        fc.record({
          strict: fc.boolean(),
          context: fc.constantFrom("pre-commit", "ci", "local"),
          git: fc.boolean(),
          staged: fc.array(fc.constantFrom("src/a.ts", ".agents/sessions/x.md", "README.md", ".agents/x"), { maxLength: 3 }),
          phase: fc.constantFrom("", "extract"),
        }),
        fc.boolean(),
        (parts, facts, withProtocol) => {
          const text = parts.join("\n");
          const o = check(text, { ...facts, "diff.a1b2c3d": ["x"], head: "a1b2c3d", commits: ["abc1234"], cutoff: "2020-01-01" }, { protocol: withProtocol ? text : undefined });
          expect(["checked", "skipped"]).toContain(o.status);
        },
      ),
      { numRuns: 400 },
    );
  });
});
