// Per-feature context shared by the consistency rules (CO-001..CO-010).
import { Doc, Input, Results } from "../../io";
import { Rule, Msg } from "../../rules";

export const FX1: i32 = 1; // ignore links in code
export const FX2: i32 = 2; // better link targets
export const FX3: i32 = 4; // plan fallback *-F-plan.md
export const FX4: i32 = 8; // exact-name artifact lookup first

export class Feature {
  name: string;
  epic: Doc | null = null;
  prd: Doc | null = null;
  tasks: Doc | null = null;
  plan: Doc | null = null;
  /** "Check=pass|fail" in execution order. */
  checks: string[] = [];
  counters: string[] = [];
  constructor(name: string) {
    this.name = name;
  }
}

export class ConsistencyCtx {
  feature: Feature = new Feature("");
  fx: i32 = 0;
  checkpoint: i32 = 1;
  /** Host answers for link targets: query -> e (exists) | m (missing) | o (outside the base path). */
  linkState: Map<string, string> | null = null;
  queries: string[] = [];
  queried: Map<string, string> = new Map();
  constructor(public input: Input, public results: Results, public anchor: Doc | null) {}

  /** Report on `doc` (or the planning folder when null); returns false when nothing could be reported. */
  report(rule: Rule, doc: Doc | null, line: i32, message: Msg): void {
    const d = doc !== null ? doc : this.anchor;
    if (d === null) return;
    // advisory runs and severity overrides: the run's severity policy (Results.effective)
    this.results.report(rule, d, line, 0, message);
  }

  /** Record a check result. */
  check(name: string, passed: bool): void {
    this.feature.checks.push(name + "=" + (passed ? "pass" : "fail"));
  }
}
