// PP-003: a markdown file whose lint runs past its time bound is an error finding of PP-003 that the
// core reports (phase "findings" of the row rule), never a silent pass.
import { describe, it, expect, afterEach } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { lintMarkdown, loadMdConfig } from "../../dist/prepr/markdown.js";
import { tmpDir } from "../helpers.js";

describe("PP-003 files not linted", () => {
  const saved = process.env.AGENTCHECK_LINT_TIMEOUT_MS;
  afterEach(() => {
    if (saved === undefined) delete process.env.AGENTCHECK_LINT_TIMEOUT_MS;
    else process.env.AGENTCHECK_LINT_TIMEOUT_MS = saved;
  });
  it("PP-003 stopped: a lint past its time bound is an error finding with the bound", async () => {
    const dir = tmpDir();
    const text = Array.from({ length: 20000 }, (_, i) => `- item ${i} with *emphasis* and \`code\` and [a link](x${i}.md)`).join("\n") + "\n";
    writeFileSync(join(dir, "big.md"), text);
    process.env.AGENTCHECK_LINT_TIMEOUT_MS = "1";
    const cfg = await loadMdConfig(dir);
    const res = await lintMarkdown(dir, ["big.md"], cfg, false, () => text);
    expect(res.findings).toEqual([
      expect.objectContaining({ ruleId: "PP-003", severity: "error", file: "big.md", messageId: "stopped", message: "not linted: markdown lint took longer than 1 ms on this file and was stopped" }),
    ]);
  });
});
