// Bad input: findings or a clear error, never a crash (timing lives in scripts/bench/memory-index.mjs).
import { describe, it, expect } from "vitest";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { mi, idx, root, files, fixture, runDir } from "./mi-helpers.js";
import { runCli } from "../helpers.js";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";

describe("memory-index bad input", () => {
  it("BAD-01 missing directory: exit 2 and one line", () => {
    const r = runCli(["memory-index", "--dir", join(fixture({}), "nope")]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
  });
  it("BAD-02 a file given as the directory: exit 2", () => {
    const dir = fixture({ "x.md": "x\n" });
    const r = runCli(["memory-index", "--dir", join(dir, "x.md")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("not a directory");
  });
  it("BAD-03 broken tables give findings, not crashes", () => {
    const text = "| Keywords | File |\n|---|---|\n| a | a-x\n|||\n| | |\n|  |  |\n| only-one-cell |\n|---|\n| b | [broken](a-y.md |\n";
    const v = mi({ "skills-a-index.md": text }, {});
    expect(v.internalErrors).toEqual([]);
    expect(v.domains.a).toBeDefined();
    expect(v.domains.a.msgs("MI-009")).toEqual(["Line 3: Non-table content detected - '| a | a-x' (prohibited per ADR-017)"]);
    // `|  |  |` is an entry with an empty name and no keywords: missing file ".md"
    expect(v.domains.a.msgs("MI-002")).toContain("Missing file: .md");
  });
  it("BAD-04 a 10,000-row index validates completely", () => {
    const rows: [string, string][] = Array.from({ length: 10_000 }, (_, i) => [`k${i} shared w${i % 7} z${i}`, `a-${i}`]);
    const v = mi({ "skills-a-index.md": idx(...rows), "memory-index.md": root(["a", "skills-a-index"]) });
    expect(v.domains.a.entries).toBe(10_000);
    expect(v.domains.a.msgs("MI-002")).toHaveLength(10_000);
    expect(v.domains.a.densities["a-0"]).toBe(0.5);
    expect(v.domains.a.msgs("MI-005")).toEqual([]);
  });
  it("BAD-05 a 1 MB single-line file as an index and as the root index", () => {
    const line = "x".repeat(1024 * 1024);
    const v = mi({ "skills-a-index.md": line, "memory-index.md": "|" + "y ".repeat(300_000) + "|" + line + "|\n" });
    expect(v.internalErrors).toEqual([]);
    expect(v.domains.a.entries).toBe(0);
    expect(v.rootMsgs("MI-013")).toHaveLength(1);
    const t = mi({ "skills-a-index.md": idx(["k", "a-x"]) + line + "\n" });
    expect(t.domains.a.msgs("MI-009")).toHaveLength(1);
  });
  it("BAD-06 binary index content: AC-002, the index fails", () => {
    const v = mi({ "skills-a-index.md": new Uint8Array([0x7c, 0x00, 0xff, 0x7c, 0x0a]), "memory-index.md": root(["a", "skills-a-index"]) });
    expect(v.domains.a.findings.map((f) => f.ruleId)).toEqual(["AC-002"]);
    expect(v.domains.a.passed).toBe(false);
    expect(v.passed).toBe(false);
  });
  it("BAD-07 binary atomic files are never read", () => {
    const v = mi({ "skills-a-index.md": idx(["k", "a-x"]), "a-x.md": new Uint8Array([0, 1, 2, 255]), "memory-index.md": root(["a", "skills-a-index"]) });
    expect(v.domains.a.msgs("MI-002")).toEqual([]);
  });
  it("BAD-08 symlink loops: listed, not followed; references to them are missing", () => {
    const dir = fixture({ "skills-a-index.md": idx(["k", "a-loop"], ["k", "a-dir/a-dir/a-dir/x"]), "memory-index.md": root(["a", "skills-a-index"]) });
    symlinkSync(join(dir, "a-loop2.md"), join(dir, "a-loop.md"));
    symlinkSync(join(dir, "a-loop.md"), join(dir, "a-loop2.md"));
    symlinkSync(dir, join(dir, "a-dir"));
    const v = runDir(dir);
    expect(v.internalErrors).toEqual([]);
    expect(v.domains.a.msgs("MI-002")).toEqual(["Missing file: a-loop.md", "Missing file: a-dir/a-dir/a-dir/x.md"]);
    const r = runCli(["memory-index", "--dir", dir]);
    expect(r.code).toBe(1);
  });
  it("BAD-09 entries pointing outside the directory", () => {
    const v = mi({ "skills-a-index.md": idx(["k", "../outside"], ["k", "a/../../x"], ["k", "a/../a-ok"]), ...files("a-ok") });
    expect(v.domains.a.msgs("MI-004")).toEqual(["Path traversal detected: ../outside.md", "Path traversal detected: a/../../x.md"]);
    expect(v.domains.a.msgs("MI-002")).toEqual([]);
  });
  it("BAD-10 unicode keywords are lower-cased with Unicode rules", () => {
    const v = mi({ "skills-a-index.md": idx(["ÄPFEL ΣΟΦΙΑ straße", "a-x"], ["äpfel σοφια STRASSE", "a-y"]) });
    expect(v.domains.a.densities).toEqual({ "a-x": 0.33, "a-y": 0.33 });
    const w = mi({ "skills-a-index.md": idx(["日本語 キー", "a-x"], ["日本語 别", "a-y"]) });
    expect(w.domains.a.densities).toEqual({ "a-x": 0.5, "a-y": 0.5 });
  });
  it("BAD-11 unicode white space separates keywords as in Python", () => {
    const v = mi({ "skills-a-index.md": idx(["a\u00a0b\u2003c\u3000d e", "a-x"]) });
    expect(v.domains.a.msgs("MI-018")).toEqual([]);
  });
  it("BAD-12 property: random bytes as index files never crash the core", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { minLength: 1, maxLength: 4 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }), (blobs, names) => {
        const docs = [
          { name: "layout", kind: KIND.FACT, bytes: new TextEncoder().encode("current") },
          { name: "", kind: KIND.MEMORY_DIR, bytes: new Uint8Array(0) },
          { name: "memory-index.md", kind: KIND.MEMORY_FILE, bytes: blobs[0] },
          ...blobs.slice(1).map((b, i) => ({ name: `skills-${i}-index.md`, kind: KIND.MEMORY_FILE, bytes: b })),
          ...names.map((n) => ({ name: n, kind: KIND.MEMORY_FILE, flags: 2, bytes: new TextEncoder().encode(n.slice(0, 3)) })),
        ];
        for (const layout of ["current", "reference"]) {
          docs[0].bytes = new TextEncoder().encode(layout);
          expect(runValidator("memory-index", docs).status).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });
  it("BAD-14 a root memory-index.md that is UTF-16 or binary is AC-002 (as a domain index is), never MI-012 'not referenced' for the references it may hold", () => {
    const utf16 = Buffer.from(`\ufeff${root(["a", "skills-a-index"])}`, "utf16le");
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) & 0xff));
    for (const [name, bytes] of [["UTF-16", utf16], ["binary", binary]] as const) {
      for (const layout of ["reference", "current"] as const) {
        const v = mi({ "skills-a-index.md": idx(["k1 k2 k3 k4 k5", "a-x"]), ...files("a-x"), "memory-index.md": bytes }, { layout });
        const ids = v.all.filter((f) => f.file.endsWith("memory-index.md")).map((f) => f.ruleId);
        expect(ids, `${name} ${layout}`).toEqual(["AC-002"]);
        expect(v.passed, `${name} ${layout}`).toBe(false);
      }
    }
  });
  it("BAD-13 an index over --max-file-size is an AC-900 error and never reaches the core", () => {
    const big = fixture({ "memory-index.md": root(["a", "skills-a-index"]), "skills-a-index.md": "x".repeat(200) });
    const r = runCli(["memory-index", "--dir", big, "--max-file-size", "100", "-f", "json"]);
    const doc = JSON.parse(r.stdout);
    expect(doc.results.find((x: { file: string }) => x.file.endsWith("skills-a-index.md")).findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["AC-900"]);
    expect(r.code).toBe(1);
  });
});
