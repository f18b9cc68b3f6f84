// Parity with the reference run of memory_index.py at efa406e9a on the real corpus. The expected
// values are parsed from ../shared/corpus/reference/memory-index-efa406e9a.txt (console and JSON
// parts), never copied.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, HAS_CORPUS, runCli } from "../helpers.js";
import { runDir } from "./mi-helpers.js";
import { percent } from "../../dist/format/memory-index-text.js";

const REF = join(CORPUS, "reference", "memory-index-efa406e9a.txt");
const MEM = join(CORPUS, "ai-agents-efa406e9a", ".serena", "memories");
const available = HAS_CORPUS && existsSync(REF) && existsSync(MEM);
if (!available) console.log("memory-index parity: corpus not found at ../shared/corpus, parity tests skipped");

interface Check { passed: boolean; issues: string[] }
interface RefDomain {
  entries: number;
  passed: boolean;
  file_references: Check;
  keyword_density: Check & { densities: Record<string, number> };
  index_format: Check;
  duplicate_entries: Check;
  minimum_keywords: Check;
  domain_prefix_naming: Check;
}
interface RefJson {
  passed: boolean;
  domain_results: Record<string, RefDomain>;
  memory_index_result: Check;
  orphans: { file: string; domain: string; expected_index: string }[];
  summary: Record<string, number>;
}
interface ConsoleDomain { index: string; entries: number; status: string; p0: string[]; p2: string[]; percents: [string, string][] }

function parseReference(text: string): { json: RefJson; console: ConsoleDomain[]; orphanLines: string[]; result: string } {
  const p1 = text.indexOf("===== PART 1: CONSOLE OUTPUT =====");
  const p2 = text.indexOf("===== PART 2: JSON OUTPUT =====");
  const json = JSON.parse(text.slice(text.indexOf("\n", p2) + 1)) as RefJson;
  const lines = text.slice(p1, p2).split("\n");
  const con: ConsoleDomain[] = [];
  const orphanLines: string[] = [];
  let cur: ConsoleDomain | undefined;
  let inOrphans = false;
  let result = "";
  for (const l of lines) {
    let m: RegExpExecArray | null;
    if ((m = /^Validating: (.+)$/.exec(l))) {
      cur = { index: m[1], entries: -1, status: "", p0: [], p2: [], percents: [] };
      con.push(cur);
      inOrphans = false;
    } else if (l.startsWith("[P1 WARN] Orphaned files")) {
      inOrphans = true;
      cur = undefined;
    } else if (l.startsWith("=== Summary")) inOrphans = false;
    else if ((m = /^Result: (\w+)$/.exec(l))) result = m[1];
    else if (inOrphans && (m = /^ {2}- (.+)$/.exec(l))) orphanLines.push(m[1]);
    else if (cur && (m = /^ {2}Entries: (\d+)$/.exec(l))) cur.entries = Number(m[1]);
    else if (cur && (m = /^ {2}Status: (\w+)$/.exec(l))) cur.status = m[1];
    else if (cur && (m = /^ {4}- \[P0\] (.+)$/.exec(l))) cur.p0.push(m[1]);
    else if (cur && (m = /^ {4}- \[P2 WARN\] (.+)$/.exec(l))) cur.p2.push(m[1]);
    else if (cur && (m = /^ {4}(\S+): (\d+%)$/.exec(l))) cur.percents.push([m[1], m[2]]);
  }
  return { json, console: con, orphanLines, result };
}

const sorted = (xs: string[]) => [...xs].sort();

describe.skipIf(!available)("memory-index parity with the efa406e9a reference", () => {
  const ref = available ? parseReference(readFileSync(REF, "utf8")) : undefined!;
  const ours = available ? runDir(MEM) : undefined!;

  it("PARITY-01 same domains in the same order, same entry counts and verdicts", () => {
    const refDomains = Object.keys(ref.json.domain_results);
    expect(refDomains.length).toBe(34);
    expect(Object.keys(ours.domains)).toEqual(refDomains);
    for (const d of refDomains) {
      expect([d, ours.domains[d].entries, ours.domains[d].passed]).toEqual([d, ref.json.domain_results[d].entries, ref.json.domain_results[d].passed]);
    }
    expect(ref.console.map((c) => c.index)).toEqual(refDomains.map((d) => `skills-${d}-index`));
    for (const c of ref.console) {
      const d = c.index.replace(/^skills-/, "").replace(/-index$/, "");
      expect([c.index, ours.domains[d].entries, ours.domains[d].passed ? "PASS" : "FAIL"]).toEqual([c.index, c.entries, c.status]);
    }
  });

  it("PARITY-02 same uniqueness values (JSON densities) for every entry", () => {
    for (const [d, r] of Object.entries(ref.json.domain_results)) {
      expect([d, ours.domains[d].densities]).toEqual([d, r.keyword_density.densities]);
    }
  });

  it("PARITY-03 same uniqueness percentages as the console prints them", () => {
    let n = 0;
    for (const c of ref.console) {
      const d = c.index.replace(/^skills-/, "").replace(/-index$/, "");
      const mine = Object.entries(ours.domains[d].densities).map(([k, v]) => [k, percent(String(v))]);
      expect([c.index, mine]).toEqual([c.index, c.percents]);
      n += c.percents.length;
    }
    expect(n).toBeGreaterThan(250);
  });

  it("PARITY-04 same findings per index (blocking and warnings)", () => {
    for (const [d, r] of Object.entries(ref.json.domain_results)) {
      const p0 = [...r.file_references.issues, ...r.keyword_density.issues, ...r.index_format.issues, ...r.duplicate_entries.issues];
      const p2 = [...r.minimum_keywords.issues, ...r.domain_prefix_naming.issues];
      const dom = ours.domains[d];
      expect([d, sorted(dom.msgs("MI-002", "MI-003", "MI-004", "MI-005", "MI-006", "MI-007", "MI-008", "MI-009", "MI-010"))]).toEqual([d, sorted(p0)]);
      expect([d, sorted(dom.msgs("MI-018", "MI-019"))]).toEqual([d, sorted(p2)]);
      expect(dom.findings.filter((f) => !f.ruleId.startsWith("MI-0"))).toEqual([]);
    }
    for (const c of ref.console) {
      const d = c.index.replace(/^skills-/, "").replace(/-index$/, "");
      expect(sorted(ours.domains[d].msgs("MI-018", "MI-019"))).toEqual(sorted(c.p2));
      expect(ours.domains[d].msgs("MI-002", "MI-005", "MI-010")).toHaveLength(c.p0.length);
    }
  });

  it("PARITY-05 same root-index result", () => {
    expect(ours.root.map((f) => f.message)).toEqual(ref.json.memory_index_result.issues);
  });

  it("PARITY-06 same orphans, in the same order", () => {
    expect(ours.orphans.map((o) => ({ file: o.file, domain: o.domain, expected_index: o.expected }))).toEqual(ref.json.orphans);
    expect(ours.orphans.map((o) => `${o.file} (should be in ${o.expected})`)).toEqual(ref.orphanLines);
  });

  it("PARITY-07 same summary and overall verdict", () => {
    const s = ref.json.summary;
    expect(ours.summary).toEqual({
      domains: s.total_domains,
      passed_domains: s.passed_domains,
      failed_domains: s.failed_domains,
      total_files: s.total_files,
      missing_files: s.missing_files,
      keyword_issues: s.keyword_issues,
    });
    expect(ours.passed).toBe(ref.json.passed);
    expect(ref.result).toBe(ref.json.passed ? "PASSED" : "FAILED");
  });

  it("PARITY-08 the CLI agrees: exit 0 and the reference's percentages in the text output", () => {
    const r = runCli(["memory-index", "--dir", MEM]);
    expect(r.code).toBe(0);
    const first = ref.console[0];
    for (const [name, p] of first.percents) expect(r.stdout).toContain(`    ${name}: ${p}\n`);
    expect(r.stdout).toContain("Result: PASSED");
  });
});
