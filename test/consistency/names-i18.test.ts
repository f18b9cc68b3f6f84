// Issue 18: file names with a tab or a newline (any character a file system allows) round-trip
// through the host <-> core payloads: no split rows, no crash, CO-005 kept. Real files, the real CLI.
import { describe, it, expect } from "vitest";
import { runCli, tmpDir, writeTree } from "../helpers.js";
import { decodeList, encodeList } from "../../dist/wasm/list.js";

const PRD = "## Requirements\n- [ ] r\n";

function tree(): { dir: string; names: string[] } {
  const dir = tmpDir("agentcheck-names-");
  const names = [".agents/planning/prd-z\tz.md", ".agents/planning/prd-y\ny.md", ".agents/planning/prd-c\rr.md", ".agents/planning/prd-plain.md"];
  writeTree(dir, Object.fromEntries(names.map((n) => [n, PRD])));
  return { dir, names };
}

interface Res { file: string; validator: string; findings: { ruleId: string; file: string }[]; data?: Record<string, string> }

describe("issue 18: file names with tab/newline round-trip through the TS<->WASM payloads", () => {
  it("file names with tab/newline: the list codec round-trips any string", () => {
    const items = ["", "a\tb", "c\nd", "e\r\nf", "1:2", "\u0001x", "é😀", "9".repeat(12)];
    expect(decodeList(encodeList(items))).toEqual(items);
  });
  it("file names with tab/newline: consistency --all keeps every PRD row whole, with CO-005, no crash", () => {
    const { dir, names } = tree();
    const r = runCli(["consistency", "--all", "--format", "json"], { cwd: dir });
    expect(r.stderr).not.toMatch(/reading 'split'|Cannot read properties/);
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout).results as Res[];
    for (const n of names) {
      const row = results.find((x) => x.file === n);
      expect(row, n).toBeDefined();
      expect(row!.findings.map((f) => f.ruleId), n).toContain("CO-005");
      expect(row!.findings.every((f) => f.file === n)).toBe(true);
      expect(row!.data?.prd).toBe(n);
    }
    expect(results.some((x) => x.file === ".agents/planning/prd-z" || x.file === ".agents/planning/prd-y")).toBe(false);
  });
  it("file names with tab/newline: check . reports the same rows and exits 1 (the run is not lost)", () => {
    const { dir, names } = tree();
    const r = runCli(["check", ".", "--only", "consistency", "--strict", "--format", "json"], { cwd: dir });
    expect(r.stderr).not.toMatch(/reading 'split'|Cannot read properties/);
    expect(r.code).toBe(1);
    const results = (JSON.parse(r.stdout).results as Res[]).filter((x) => x.validator === "consistency");
    for (const n of names) expect(results.find((x) => x.file === n)?.findings.map((f) => f.ruleId), n).toContain("CO-005");
  });
  it("file names with tab/newline: a link to a file named with a tab resolves (link-state payload)", () => {
    const dir = tmpDir("agentcheck-names-");
    writeTree(dir, {
      ".agents/planning/prd-a.md": "## Requirements\n- [ ] r\n\n[notes](notes\ta.md)\n",
      ".agents/planning/tasks-a.md": "- [ ] t\n",
      ".agents/planning/notes\ta.md": "x\n",
    });
    const r = runCli(["consistency", "--all", "--format", "json"], { cwd: dir });
    const results = JSON.parse(r.stdout).results as Res[];
    expect(results.flatMap((x) => x.findings).filter((f) => f.ruleId === "CO-008")).toEqual([]);
  });
});
