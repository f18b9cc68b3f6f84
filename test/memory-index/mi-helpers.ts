// Helpers for memory-index tests: fixtures in real temp dirs, the validator run through the
// library (dist/), and a view of the result shaped like the reference's report model.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { validateMemoryIndexDir } from "../../dist/validators/memory-index.js";
import { DiskSource } from "../../dist/source.js";
import type { Finding, FileResult } from "../../dist/report.js";
import { tmpDir } from "../helpers.js";

export type Files = Record<string, string | Uint8Array>;

/** A domain index: std header plus rows [keywords, file cell]. */
export function idx(...rows: [string, string][]): string {
  return ["| Keywords | File |", "|----------|------|", ...rows.map(([k, f]) => `| ${k} | ${f} |`)].join("\n") + "\n";
}
/** A root index table (header Task Keywords / Essential Memories). */
export function root(...rows: [string, string][]): string {
  return ["# Memory Index", "", "| Task Keywords | Essential Memories |", "|---|---|", ...rows.map(([k, f]) => `| ${k} | ${f} |`)].join("\n") + "\n";
}
/** Atomic files x.md with some content. */
export function files(...names: string[]): Files {
  const out: Files = {};
  for (const n of names) out[`${n}.md`] = `# ${n}\n\nbody\n`;
  return out;
}

export function writeFiles(dir: string, f: Files): void {
  for (const [p, c] of Object.entries(f)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), c);
  }
}

export interface DomainView {
  file: string;
  entries: number;
  passed: boolean;
  densities: Record<string, number>;
  findings: Finding[];
  /** messages of the given rules */
  msgs(...rules: string[]): string[];
}

export interface MiView {
  passed: boolean;
  summary: Record<string, number>;
  domains: Record<string, DomainView>;
  root: Finding[];
  rootMsgs(...rules: string[]): string[];
  orphans: { file: string; domain: string; expected: string; rule: string }[];
  all: Finding[];
  results: FileResult[];
  internalErrors: string[];
}

const ORPHAN = /^Orphaned file \(not indexed\): (.*) \(should be in (.*)\)$/;

export function view(results: FileResult[], internalErrors: string[] = []): MiView {
  const dirRes = results.find((r) => r.data?.domains !== undefined);
  const d = dirRes?.data ?? {};
  const domains: Record<string, DomainView> = {};
  const rootF: Finding[] = [];
  const orphans: MiView["orphans"] = [];
  const all: Finding[] = [];
  for (const r of results) {
    all.push(...r.findings);
    if (r.data?.entries !== undefined) {
      const densities: Record<string, number> = {};
      for (const l of (r.data.uniqueness ?? "").split("\n").filter(Boolean)) {
        const [n, v] = l.split("\t");
        densities[n] = Number(v);
      }
      const fs = r.findings;
      domains[r.data.domain] = {
        file: r.file,
        entries: Number(r.data.entries),
        passed: r.data.verdict === "pass",
        densities,
        findings: fs,
        msgs: (...rules) => fs.filter((f) => rules.includes(f.ruleId)).map((f) => f.message),
      };
    }
    for (const f of r.findings) {
      if (["MI-011", "MI-012", "MI-013", "MI-014", "MI-105"].includes(f.ruleId) || (f.ruleId === "MI-108" && r.file.endsWith("memory-index.md"))) rootF.push(f);
      const m = ORPHAN.exec(f.message);
      if (m) {
        const dom = f.ruleId === "MI-017" ? m[2].replace(/^skills-/, "").replace(/-index$/, "") : f.ruleId === "MI-103" ? m[2] : "INVALID";
        orphans.push({ file: m[1], domain: dom, expected: m[2], rule: f.ruleId });
      }
    }
  }
  const summary: Record<string, number> = {};
  for (const k of ["domains", "passed_domains", "failed_domains", "total_files", "missing_files", "keyword_issues"]) summary[k] = Number(d[k]);
  return {
    passed: d.verdict === "pass",
    summary,
    domains,
    root: rootF,
    rootMsgs: (...rules) => rootF.filter((f) => rules.includes(f.ruleId)).map((f) => f.message),
    orphans,
    all,
    results,
    internalErrors,
  };
}

export interface MiOpts {
  /** The catalog tests were written for an explicit layout: reference unless given (the CLI default is auto). */
  layout?: "reference" | "current" | "auto";
  orphans?: "warn" | "error" | "off";
  naming?: "warn" | "error" | "off";
}

/** Validate a directory on disk. */
export function runDir(dir: string, o: MiOpts = {}): MiView {
  const out = validateMemoryIndexDir({ source: new DiskSource(dir), dir: "", display: "mem", maxFileBytes: 8 * 1024 * 1024, layout: "reference", ...o });
  return view(out.results, out.internalErrors);
}

/** Write a fixture into a fresh temp dir and validate it. */
export function mi(f: Files, o: MiOpts = {}): MiView {
  const dir = tmpDir("agentcheck-mi-");
  writeFiles(dir, f);
  return runDir(dir, o);
}

/** Fixture dir (for CLI runs). */
export function fixture(f: Files): string {
  const dir = tmpDir("agentcheck-mi-");
  writeFiles(dir, f);
  return dir;
}
