// Issue 40 item 7 (seed deviation): a `.aibrain` checkpoint body gained a trailing newline on a round
// trip ("Done!" → "Done!\n"). Written and read back, a body is what it was, with or without line ends.
import { describe, it, expect } from "vitest";
import { parseCheckpointText, renderCheckpoint } from "../../dist/index.js";

const data = {
  id: "c1", task_id: "TASK-1", project: "p", created_at: "2026-12-01T00:00:00Z", updated_at: "2026-12-01T00:00:00Z",
  iteration_count: 1, checkpoint_number: 1, phase: "feature_build", status: "in_progress",
} as never;

describe("issue-40 .aibrain body round trip", () => {
  it("issue-40 item 7: bodies round-trip exactly and re-rendering is stable", () => {
    for (const body of ["Done!", "Done!\n", "a\n\nb", "line\n\n", ""]) {
      const text = renderCheckpoint(data, body);
      const back = parseCheckpointText(text, "x").body;
      expect(back, JSON.stringify(body)).toBe(body);
      expect(renderCheckpoint(data, back)).toBe(text);
    }
  });
});
