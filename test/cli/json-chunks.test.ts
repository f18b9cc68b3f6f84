// The JSON report is written in pieces (formatJsonChunks) and every piece in slices of WRITE_SLICE
// UTF-16 units (src/stdio.ts): the bytes must be exactly JSON.stringify(report, null, 2) + "\n", whatever the
// shape, and no slice may split a surrogate pair.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatJson, formatJsonChunks, PIECE_CHARS } from "../../dist/format/json.js";
import { formatText, formatTextChunks } from "../../dist/format/text.js";
import { WRITE_SLICE, writeTextFile } from "../../dist/stdio.js";
import { tmpDir } from "../helpers.js";

const cases: Record<string, unknown> = {
  empty: {},
  "no results": { tool: "agentcheck", results: [], summary: { files: 0 } },
  "undefined members and items": { a: undefined, results: [{ x: 1, u: undefined }, undefined, null, {}], f: () => 1, z: "end" },
  "nested values with line breaks in strings": { results: [{ message: "a\nb", data: { k: ["x", { y: "\u2028" }] } }], s: "é😀" },
  "a date": { when: new Date(0), results: [1, "two", [3]] },
  "only arrays": { results: [[]], other: [] },
};

describe("JSON report in pieces", () => {
  for (const [name, report] of Object.entries(cases)) {
    it(`${name}: the pieces join to formatJson's text`, () => {
      expect([...formatJsonChunks(report as never)].join("")).toBe(formatJson(report as never));
    });
  }
  it("a report of many results comes in pieces of a few hundred results", () => {
    const report = { tool: "agentcheck", results: Array.from({ length: 1000 }, (_, i) => ({ file: `f${i}.md`, findings: [] })) };
    const pieces = [...formatJsonChunks(report as never)];
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.length).toBeLessThan(20);
    expect(pieces.join("")).toBe(formatJson(report as never));
  });
  it("results of a few KB each come in pieces of about PIECE_CHARS characters, not a few hundred results", () => {
    const results = Array.from({ length: 2000 }, (_, i) => ({ file: `f${i}.json`, findings: Array.from({ length: 20 }, (_, k) => ({ ruleId: "SP-1", message: `m${k}`.padEnd(80, "x") })) }));
    const report = { tool: "agentcheck", results, summary: { files: 2000 } };
    const pieces = [...formatJsonChunks(report as never)];
    expect(pieces.join("")).toBe(formatJson(report as never));
    const longest = Math.max(...pieces.map((p) => p.length));
    expect(longest).toBeGreaterThan(PIECE_CHARS / 2);
    expect(longest).toBeLessThan(PIECE_CHARS * 1.5);
  });
  for (const n of [255, 256, 257, 513]) {
    it(`${n} results with odd items (undefined, null, nested): the groups join to formatJson's text`, () => {
      const results = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? undefined : i % 11 === 5 ? null : { file: `f${i}.md`, data: { k: ["x\n", { y: i }] } }));
      const report = { tool: "agentcheck", results, summary: { files: n } };
      expect([...formatJsonChunks(report as never)].join("")).toBe(formatJson(report as never));
    });
  }
  it("writeTextFile writes pieces and slices over WRITE_SLICE with surrogate pairs across every boundary", () => {
    const dir = tmpDir("agentcheck-chunks-");
    // "a" then emoji: every slice boundary falls inside or beside a pair somewhere
    const big = "a" + "😀".repeat(WRITE_SLICE * 2 + 1000);
    const pieces = ["{", big, "é", big.slice(1), "}\n"];
    writeTextFile(join(dir, "out.json"), pieces);
    expect(readFileSync(join(dir, "out.json")).equals(Buffer.from(pieces.join(""), "utf8"))).toBe(true);
    writeTextFile(join(dir, "one.txt"), big);
    expect(readFileSync(join(dir, "one.txt")).equals(Buffer.from(big, "utf8"))).toBe(true);
  });
  it("a piece that ends inside a surrogate pair where a batch reaches WRITE_SLICE: the pair is written whole", () => {
    const dir = tmpDir("agentcheck-chunks-");
    const pieces = ["a".repeat(WRITE_SLICE - 1) + "\ud83d", "\ude00", "b"];
    writeTextFile(join(dir, "pair.txt"), pieces);
    const bytes = readFileSync(join(dir, "pair.txt"));
    expect(bytes.subarray(bytes.length - 5).toString("hex")).toBe("f09f988062");
    expect(bytes.equals(Buffer.from(pieces.join(""), "utf8"))).toBe(true);
  });
  it("text --verbose (every finding, issue 36): a report over many files comes in several pieces that join to formatText's text", () => {
    const results = Array.from({ length: 600 }, (_, i) => ({
      file: `.agents/sessions/f${String(i).padStart(3, "0")}.md`, validator: "session-log", verdict: "fail",
      findings: [{ ruleId: "SP-001", severity: "error", line: 1, column: 1, message: `m${i}` }],
    }));
    const report = { results, summary: { files: 600, errors: 600, warnings: 0, durationMs: 1 } };
    const pieces = [...formatTextChunks(report as never, { color: false, verbose: true })];
    expect(pieces.length).toBeGreaterThan(2);
    const text = pieces.join("");
    expect(text).toBe(formatText(report as never, { color: false, verbose: true }));
    expect(text.split("\n").filter((l) => l.startsWith(".agents/sessions/f"))).toHaveLength(600);
    expect(text).not.toContain("\n\n\n");
  });
});
