// Parity with the Python reference on the real corpus (sorted runs in ../shared/corpus/reference).
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateConsistency, validateTraceability } from "../../dist/index.js";
import { CORPUS, HAS_CORPUS, runCli } from "../helpers.js";
import { CHECK_OF, UPSTREAM_RULE } from "./helpers.js";

const TREE = join(CORPUS, "ai-agents-efa406e9a");
const REF = join(CORPUS, "reference");
if (!HAS_CORPUS) console.log("parity tests skipped: ../shared/corpus is absent");

interface RefValidation {
  feature: string;
  passed: boolean;
  artifacts: Record<string, string | null>;
  results: Record<string, { passed: boolean; issues: string[] }>;
  issues: string[];
}

function base(p: string | null): string | null {
  return p === null ? null : p.split("/").pop()!;
}

describe.skipIf(!HAS_CORPUS)("parity with the reference on ai-agents-efa406e9a", () => {
  for (const cp of [1, 2]) {
    it(`consistency --all --checkpoint ${cp}: same features, artifacts, verdicts and issues`, () => {
      const ref = JSON.parse(readFileSync(join(REF, `consistency-all-cp${cp}-json.txt`), "utf8"));
      const out = validateConsistency({ root: TREE, checkpoint: cp, maxFileBytes: 1 << 23 });
      expect(out.internalErrors).toEqual([]);
      expect(out.features.map((f) => f.feature)).toEqual(ref.validations.map((v: RefValidation) => v.feature));
      ref.validations.forEach((v: RefValidation, i: number) => {
        const f = out.features[i];
        expect(f.passed, v.feature).toBe(v.passed);
        for (const k of ["epic", "prd", "tasks", "plan"] as const) expect(base(f.artifacts[k]), `${v.feature} ${k}`).toBe(base(v.artifacts[k]));
        expect(f.checks.map((c) => c.name)).toEqual(Object.keys(v.results));
        for (const [check, r] of Object.entries(v.results)) {
          expect(f.checks.find((c) => c.name === check)?.passed, `${v.feature} ${check}`).toBe(r.passed);
          const mine = f.findings.filter((x) => CHECK_OF[x.ruleId] === check).map((x) => x.message);
          expect(mine, `${v.feature} ${check}`).toEqual(r.issues);
        }
        const failing = f.findings.filter((x) => !f.checks.find((c) => c.name === CHECK_OF[x.ruleId])?.passed).map((x) => x.message);
        expect(failing).toEqual(v.issues);
      });
      const passed = out.features.filter((f) => f.passed).length;
      expect({ total: out.features.length, passed, failed: out.features.length - passed }).toEqual(ref.summary);
    });
  }

  it("consistency console reference: the same PASS/FAIL lines and issue lines", () => {
    const text = readFileSync(join(REF, "consistency-all-cp1-console.txt"), "utf8");
    const verdicts = [...text.matchAll(/^Feature: (\S+) - (PASS|FAIL)$/gm)].map((m) => [m[1], m[2] === "PASS"]);
    const out = validateConsistency({ root: TREE, maxFileBytes: 1 << 23 });
    expect(out.features.map((f) => [f.feature, f.passed])).toEqual(verdicts);
    const issues = [...text.matchAll(/^ {4}- (.*)$/gm)].map((m) => m[1]);
    const mine = out.features.flatMap((f) => f.findings.filter((x) => x.severity === "error").map((x) => x.message));
    expect(mine).toEqual(issues);
  });

  it("traceability: same stats and the same errors, warnings and info (rule, source, target, message)", () => {
    const ref = JSON.parse(readFileSync(join(REF, "traceability-json.txt"), "utf8"));
    const out = validateTraceability({ root: TREE, maxFileBytes: 1 << 23 });
    expect(out.stats).toEqual(ref.stats);
    const findings = out.results.flatMap((r) => r.findings);
    for (const [sev, key] of [["error", "errors"], ["warning", "warnings"], ["info", "info"]] as const) {
      const mine = findings.filter((f) => f.severity === sev).map((f) => `${UPSTREAM_RULE[f.ruleId]}|${f.message}`).sort();
      const theirs = ref[key].map((e: { rule: string; message: string }) => `${e.rule}|${e.message}`).sort();
      expect(mine, key).toEqual(theirs);
    }
  });

  it("traceability --strict reference: warnings fail a strict run (CLI, exit 1), plain run exits 0", () => {
    const strictRef = readFileSync(join(REF, "traceability-strict-ci.txt"), "utf8");
    expect(strictRef).toContain("WARNINGS (2)");
    const plain = runCli(["traceability"], { cwd: TREE });
    expect(plain.code).toBe(0);
    const strict = runCli(["traceability", "--strict"], { cwd: TREE });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("REQ 'REQ-A01' has no DESIGN referencing it (orphaned requirement)");
  });

  it("consistency CLI JSON on the corpus: 7 feature results, 4 failing", () => {
    const r = runCli(["consistency", "--all", "--path", TREE, "--format", "json", "--profile", "reference"]);
    expect(r.code).toBe(1);
    const rep = JSON.parse(r.stdout);
    const feats = rep.results.filter((x: { data?: { feature?: string } }) => x.data?.feature);
    expect(feats.length).toBe(7);
    expect(feats.filter((x: { verdict: string }) => x.verdict === "fail").length).toBe(4);
  });
});

describe.skipIf(!HAS_CORPUS)("check on the corpus", () => {
  it("consistency is advisory in check (warnings), blocking with --strict; traceability warnings stay warnings", () => {
    const adv = JSON.parse(runCli(["check", TREE, "-f", "json", "--profile", "reference"]).stdout);
    const co = adv.results.filter((r: { validator: string }) => r.validator === "consistency");
    expect(co.length).toBe(7);
    expect(co.flatMap((r: { findings: { severity: string }[] }) => r.findings).filter((f: { severity: string }) => f.severity === "error")).toEqual([]);
    const strict = JSON.parse(runCli(["check", TREE, "--strict", "-f", "json", "--profile", "reference"]).stdout);
    const errs = strict.results.filter((r: { validator: string }) => r.validator === "consistency").flatMap((r: { findings: { severity: string }[] }) => r.findings).filter((f: { severity: string }) => f.severity === "error");
    expect(errs.length).toBe(5);
    const tr = strict.results.filter((r: { validator: string }) => r.validator === "traceability").flatMap((r: { findings: { ruleId: string }[] }) => r.findings);
    expect(tr.map((f: { ruleId: string }) => f.ruleId)).toEqual(["TR-001", "TR-001"]);
  });
});
