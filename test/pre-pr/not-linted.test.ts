// PP-003: a markdown file whose lint runs past its time bound is an error finding of PP-003 that the
// core reports (phase "findings" of the row rule), never a silent pass.
import { describe, it, expect, afterEach } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { LINT_RETRY_FACTOR, lintMarkdown, loadMdConfig } from "../../dist/prepr/markdown.js";
import { readTextOrThrow } from "../../dist/fsread.js";
import { loadFile } from "../../dist/engine.js";
import { tmpDir } from "../helpers.js";

describe("PP-003 files not linted", () => {
  const saved = process.env.AGENTCHECK_LINT_TIMEOUT_MS;
  afterEach(() => {
    if (saved === undefined) delete process.env.AGENTCHECK_LINT_TIMEOUT_MS;
    else process.env.AGENTCHECK_LINT_TIMEOUT_MS = saved;
  });
  it("PP-003 stopped: a lint past its time bound, and past LINT_RETRY_FACTOR times it when linted again alone, is an error finding with the longer bound", async () => {
    const dir = tmpDir();
    const text = Array.from({ length: 20000 }, (_, i) => `- item ${i} with *emphasis* and \`code\` and [a link](x${i}.md)`).join("\n") + "\n";
    writeFileSync(join(dir, "big.md"), text);
    process.env.AGENTCHECK_LINT_TIMEOUT_MS = "1";
    const cfg = await loadMdConfig(dir);
    const res = await lintMarkdown(dir, ["big.md"], cfg, false, () => text);
    expect(res.findings).toEqual([
      expect.objectContaining({ ruleId: "PP-003", severity: "error", file: "big.md", messageId: "stopped", message: `not linted: markdown lint took longer than ${LINT_RETRY_FACTOR} ms on this file and was stopped` }),
    ]);
  });
  it("AC-900: a markdown file over the read limit is not linted and gets the same finding `check` reports", async () => {
    const dir = tmpDir();
    writeFileSync(join(dir, "huge.md"), "# Title\n\n" + "x".repeat(5000) + "\n");
    const cfg = await loadMdConfig(dir);
    const res = await lintMarkdown(dir, ["huge.md"], cfg, false, (rel) => readTextOrThrow(join(dir, rel), { maxBytes: 1000, root: dir }));
    const same = loadFile(join(dir, "huge.md"), "huge.md", 1000, dir).problem;
    expect(same).toBeDefined();
    expect(res.findings).toEqual([expect.objectContaining({ ruleId: "AC-900", severity: "error", file: "huge.md", messageId: "detail" })]);
    expect(res.findings[0].message).toBe(same!.message);
  });
  it("AC-901: a markdown file the reader cannot read is an AC-901 finding, never a pass", async () => {
    const dir = tmpDir();
    const cfg = await loadMdConfig(dir);
    const res = await lintMarkdown(dir, ["gone.md"], cfg, false, () => { throw new Error("ENOENT: no such file"); });
    expect(res.findings).toEqual([expect.objectContaining({ ruleId: "AC-901", severity: "error", file: "gone.md", message: "File unreadable: ENOENT: no such file" })]);
  });
});
