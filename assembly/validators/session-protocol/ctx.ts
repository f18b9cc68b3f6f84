// The session-protocol model: one protocol gate (a KIND_PHASE_GATE document, named after the gate)
// and the facts the host gathered for it (specs/session-protocol-mcp.md §2). Each gate is one rule
// (PH-001..PH-009, files named by id); a rule returns at once unless the gate is its own, decides the
// gate's verdict (PASS / FAIL / SKIPPED) and records it with `decide`: data status, requirement
// (MUST for an error-severity rule, SHOULD otherwise), message and evidence on the gate's document,
// and a FAIL is also a finding of the rule.
import { Doc, Input, Results } from "../../io";
import { SEV_ERROR } from "../../abi";
import { msg, RuleCtx } from "../../rules";

export class SpCtx extends RuleCtx {
  /** Set once a rule has decided the gate (unknown gates stay undecided). */
  decided: bool = false;
  constructor(input: Input, results: Results, public doc: Doc) {
    super(input, results);
  }

  /** True when the gate of this run is `name` (the rule's own gate). */
  is(name: string): bool {
    return this.doc.name == name;
  }

  /** Record the verdict of this run's gate for the running rule. */
  decide(v: Verdict): void {
    const doc = this.doc;
    const rule = this.rule;
    this.decided = true;
    this.results.put(doc, "status", v.status);
    this.results.put(doc, "requirement", rule.severity == SEV_ERROR ? "MUST" : "SHOULD");
    this.results.put(doc, "message", v.message);
    this.results.put(doc, "evidence", v.evidence);
    if (v.status == "FAIL") this.results.report(rule, doc, 0, 0, msg("gateFailed").s("gate", doc.name).s("message", v.message));
  }
}

export function str(input: Input, name: string): string {
  const v = input.fact(name);
  return v === null ? "" : v;
}

export function lines(input: Input, name: string): string[] {
  const v = input.factLines(name);
  return v === null ? [] : v;
}

export function listed(xs: string[], max: i32): string {
  const parts: string[] = [];
  for (let i = 0; i < xs.length && i < max; i++) parts.push(xs[i]);
  let s = parts.join(", ");
  if (xs.length > max) s += ", … (" + (xs.length - max).toString() + " more)";
  return s;
}

export function plural(n: i32, word: string): string {
  return n.toString() + " " + word + (n == 1 ? "" : "s");
}

export class Verdict {
  constructor(public status: string, public message: string, public evidence: string) {}
}

export function pass(message: string, evidence: string): Verdict {
  return new Verdict("PASS", message, evidence);
}
export function fail(message: string): Verdict {
  return new Verdict("FAIL", message, "");
}

