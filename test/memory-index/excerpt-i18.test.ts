// Issue 18 "output bounds": a message that quotes input quotes a bounded excerpt. One 7 MB line
// after an index table must not make a multi-megabyte report.
import { describe, it, expect } from "vitest";
import { fixture, idx, root, files } from "./mi-helpers.js";
import { runCli } from "../helpers.js";

describe("issue 18: MI-009 quotes a bounded excerpt", () => {
  it("MI-009 bounded excerpt: a 7 MB non-table line gives a small JSON report that says how much was cut", () => {
    const huge = "x".repeat(7 * 1024 * 1024);
    const dir = fixture({
      ...files("a-one"),
      "skills-a-index.md": idx(["one", "a-one"]) + huge + "\n",
      "memory-index.md": root(["a", "skills-a-index"]),
    });
    const r = runCli(["memory-index", "--dir", dir, "--format", "json", "--max-file-size", String(64 * 1024 * 1024)]);
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBeLessThan(64 * 1024);
    const msgs = JSON.parse(r.stdout).results.flatMap((x: { findings: { ruleId: string; message: string }[] }) => x.findings)
      .filter((f: { ruleId: string }) => f.ruleId === "MI-009").map((f: { message: string }) => f.message);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatch(/^Line 4: Non-table content detected - .x{200}… \(7339832 more characters\)' \(prohibited per ADR-017\)$/);
  });
  it("MI-009 bounded excerpt: a short line is quoted whole (unchanged message)", () => {
    const dir = fixture({ ...files("a-one"), "skills-a-index.md": idx(["one", "a-one"]) + "stray text\n", "memory-index.md": root(["a", "skills-a-index"]) });
    const r = runCli(["memory-index", "--dir", dir, "--format", "json"]);
    expect(r.stdout).toContain("Line 4: Non-table content detected - 'stray text' (prohibited per ADR-017)");
  });
  it("message bound: every finding message is bounded (MI-006 title line of 1 MB)", () => {
    const dir = fixture({ ...files("a-one"), "skills-a-index.md": "# " + "t".repeat(1 << 20) + "\n" + idx(["one", "a-one"]), "memory-index.md": root(["a", "skills-a-index"]) });
    const r = runCli(["memory-index", "--dir", dir, "--format", "json"]);
    expect(r.stdout.length).toBeLessThan(64 * 1024);
    for (const x of JSON.parse(r.stdout).results) for (const f of x.findings) expect(f.message.length).toBeLessThanOrEqual(2100);
  });
});
