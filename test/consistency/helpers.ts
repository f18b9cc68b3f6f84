// Helpers for the consistency / traceability suites: temp trees and in-process runs.
import { validateConsistency, validateTraceability, fixBits } from "../../dist/index.js";
import type { FeatureRow } from "../../dist/index.js";
import { tmpDir, writeTree } from "../helpers.js";

export const CHECK_OF: Record<string, string> = {
  "CO-001": "ScopeAlignment", "CO-002": "ScopeAlignment", "CO-003": "ScopeAlignment", "CO-004": "ScopeAlignment",
  "CO-005": "RequirementCoverage", "CO-006": "RequirementCoverage", "CO-007": "NamingConventions",
  "CO-008": "CrossReferences", "CO-009": "CrossReferences", "CO-010": "TaskCompletion",
};

export const UPSTREAM_RULE: Record<string, string> = {
  "TR-001": "Rule 1: Forward Traceability", "TR-002": "Rule 2: Backward Traceability",
  "TR-003": "Rule 3: Complete Chain", "TR-004": "Rule 3: Complete Chain",
  "TR-005": "Rule 4: Reference Validity", "TR-006": "Rule 4: Reference Validity", "TR-007": "Rule 5: Status Consistency",
};

export interface Feat extends FeatureRow {
  /** Issue messages of one check, in order. */
  issues(check: string): string[];
  check(name: string): boolean | undefined;
  all: string[];
}

function wrap(f: FeatureRow): Feat {
  return Object.assign(f, {
    issues: (check: string) => f.findings.filter((x) => CHECK_OF[x.ruleId] === check).map((x) => x.message),
    check: (name: string) => f.checks.find((c) => c.name === name)?.passed,
    all: f.findings.map((x) => x.message),
  });
}

/** Run consistency over a tree of files below a temp base path. */
export function co(files: Record<string, string>, o: { feature?: string; checkpoint?: number; profile?: string; root?: string } = {}) {
  const root = o.root ?? tmpDir("ac-co-");
  writeTree(root, files);
  const out = validateConsistency({ root, feature: o.feature, checkpoint: o.checkpoint, fx: fixBits(o.profile ?? "reference"), maxFileBytes: 1 << 23 });
  return { root, out, features: out.features.map(wrap), f: out.features.length ? wrap(out.features[0]) : (undefined as unknown as Feat) };
}

/** Scope helper of the Pester suite: Epic with criteria lines C, PRD with requirement lines R. */
export function scope(criteria: string[], reqs: string[], eol = "\n") {
  const epic = ["# Epic", "", "### Success Criteria", ...criteria].join(eol);
  const prd = ["# PRD", "", "**Epic**: EPIC-001-test.md", "", "## Requirements", ...reqs, "", "## Other Section"].join(eol);
  return co({ ".agents/roadmap/EPIC-001-test.md": epic, ".agents/planning/prd-test.md": prd }, { feature: "test" }).f;
}

export interface Tr {
  findings: { ruleId: string; severity: string; message: string; file: string; line: number }[];
  stats: { requirements: number; designs: number; tasks: number; validChains: number };
  results: ReturnType<typeof validateTraceability>["results"];
  errors: string[];
  warnings: string[];
  info: string[];
  rules(id: string): string[];
}

export function fm(type: string, id: string, status: string, related: string[] | string | null, extra = ""): string {
  let rel = "";
  if (typeof related === "string") rel = related;
  else if (related) rel = related.length ? `related:\n${related.map((r) => `  - ${r}`).join("\n")}\n` : "related: []\n";
  return `---\ntype: ${type}\nid: ${id}\nstatus: ${status}\n${rel}${extra}---\n# ${id}\n`;
}

/** Run traceability over files below <tmp>/specs. */
export function tr(files: Record<string, string>, o: { profile?: string; fx?: number } = {}): Tr {
  const root = tmpDir("ac-tr-");
  const tree: Record<string, string> = {};
  for (const [k, v] of Object.entries(files)) tree[`.agents/specs/${k}`] = v;
  writeTree(root, tree);
  const out = validateTraceability({ root, fx: o.fx ?? fixBits(o.profile ?? "reference"), maxFileBytes: 1 << 23 });
  const findings = out.results.flatMap((r) => r.findings);
  const by = (s: string) => findings.filter((f) => f.severity === s).map((f) => f.message);
  return {
    findings, stats: out.stats, results: out.results, errors: by("error"), warnings: by("warning"), info: by("info"),
    rules: (id: string) => findings.filter((f) => f.ruleId === id).map((f) => f.message),
  };
}
