// The consistency model: the feature the rules run on (its Epic, PRD, Tasks and Plan), the run's
// options (fx bits, checkpoint, the host's link answers) and what the rules record for the feature's
// summary row. The validator (index.ts) runs RULES once per feature; each rule (CO-xxx.ts) decides
// and reports. Rules of one check group (ScopeAlignment: CO-001..CO-004, RequirementCoverage:
// CO-005/CO-006, NamingConventions: CO-007, CrossReferences: CO-008/CO-009, TaskCompletion: CO-010)
// open their group when it applies (`group`) and fail it on a failing decision (`fail`): the feature's
// check results are the groups in the order they were opened, passed unless failed.
import { Doc, Input, Results } from "../../io";
import { Loc, Rule, Msg, RuleCtx } from "../../rules";

export const FX1: i32 = 1; // ignore links in code
export const FX2: i32 = 2; // better link targets
export const FX3: i32 = 4; // plan fallback *-F-plan.md
export const FX4: i32 = 8; // exact-name artifact lookup first

/** A link of a feature document whose target is missing (CO-008) or outside the base path (CO-009). */
export class LinkHit {
  constructor(public doc: Doc, public line: i32, public shown: string, public outside: bool) {}
}

export class Feature {
  name: string;
  epic: Doc | null = null;
  prd: Doc | null = null;
  tasks: Doc | null = null;
  plan: Doc | null = null;
  /** Check groups in the order they were opened, and whether each passed. */
  groups: string[] = [];
  passed: bool[] = [];
  /** Per group: a rule of it did not run because an artifact it reads could not be read. */
  partial: bool[] = [];
  counters: string[] = [];
  /** The links of the feature's documents that are not fine (CO-008/CO-009), computed once (co-links.ts: links). */
  hits: LinkHit[] | null = null;
  /** Link findings: their index in results.findings and the link's position in `hits` (report order). */
  linkAt: i32[] = [];
  linkSeq: i32[] = [];
  constructor(name: string) {
    this.name = name;
  }

  /** "Check=pass|fail|unchecked" in the order the groups were opened (unchecked: not failed, but a
   * rule of it did not run on an artifact that could not be read). */
  checks(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.groups.length; i++) out.push(this.groups[i] + "=" + (!this.passed[i] ? "fail" : this.partial[i] ? "unchecked" : "pass"));
    return out;
  }

  /** The feature's artifacts whose content is unknown (Doc.unread), each once. */
  unreadNames(): string[] {
    const out: string[] = [];
    const a = [this.epic, this.prd, this.tasks, this.plan];
    for (let k = 0; k < 4; k++) {
      const d = a[k];
      if (d !== null && d.unread && out.indexOf(d.name) < 0) out.push(d.name);
    }
    return out;
  }
}

export class ConsistencyCtx extends RuleCtx {
  feature: Feature = new Feature("");
  fx: i32 = 0;
  checkpoint: i32 = 1;
  /** Host answers for link targets: query -> e (exists) | m (missing) | o (outside the base path). */
  linkState: Map<string, string> | null = null;
  queries: string[] = [];
  queried: Map<string, string> = new Map();
  constructor(input: Input, results: Results, public anchor: Doc | null) {
    super(input, results);
  }

  /** Report on `at.doc` (or the planning folder when null); nothing when there is neither. */
  reportAs(rule: Rule, severity: i32, at: Loc, message: Msg): void {
    // advisory runs and severity overrides: the run's severity policy (Results.effective)
    super.reportAs(rule, severity, at.doc !== null ? at : new Loc(this.anchor, at.line, at.column, at.key), message);
  }

  /** Open check group `name` for this feature (once; passed until failed). */
  group(name: string): void {
    const f = this.feature;
    for (let i = 0; i < f.groups.length; i++) if (f.groups[i] == name) return;
    f.groups.push(name);
    f.passed.push(true);
    f.partial.push(false);
  }

  /**
   * A rule of group `name` needs the content of `doc` (null: not needed): when it could not be read
   * (Doc.unread), the group is marked not fully checked and true is returned (the rule does not run:
   * an unread file is never taken for an empty one).
   */
  unread(name: string, doc: Doc | null): bool {
    if (doc === null || !doc.unread) return false;
    this.group(name);
    const f = this.feature;
    for (let i = 0; i < f.groups.length; i++) if (f.groups[i] == name) f.partial[i] = true;
    return true;
  }

  /** Fail check group `name` (opening it if needed). */
  fail(name: string): void {
    this.group(name);
    const f = this.feature;
    for (let i = 0; i < f.groups.length; i++) if (f.groups[i] == name) f.passed[i] = false;
  }

  /** Put the feature's link findings back in link order (CO-008 and CO-009 interleave as the links do). */
  orderLinks(): void {
    const f = this.feature;
    const n = f.linkAt.length;
    if (n < 2 || n >= (1 << 24)) return;
    const fs = this.results.findings;
    const keys = new Array<i64>(n);
    for (let i = 0; i < n; i++) keys[i] = (<i64>f.linkSeq[i] << 24) | <i64>i;
    keys.sort();
    const copy = fs.slice(0, 0);
    for (let i = 0; i < n; i++) copy.push(fs[f.linkAt[i]]);
    for (let i = 0; i < n; i++) fs[f.linkAt[i]] = copy[<i32>(keys[i] & 0xffffff)];
  }
}
