// The session-protocol model: one protocol gate (a KIND_PHASE_GATE document, named after the gate)
// and the facts the host gathered for it (specs/session-protocol-mcp.md §2). Each gate is one rule
// (PH-001..PH-009, files named by id); a rule returns at once unless the gate is its own, decides the
// gate's verdict (PASS / FAIL / SKIPPED) and records it with `decide`: data status, requirement
// (MUST for an error-severity rule, SHOULD otherwise), message and evidence on the gate's document,
// and a FAIL is also a finding of the rule.
import { Doc, Input, Results } from "../../io";
import { SEV_ERROR } from "../../abi";
import { Msg, msg, msgIdText, RuleCtx, loc } from "../../rules";
import { listValue } from "../../lib/text";

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
    // the message as data: the rule, the message id and its values ("m." + key); the host renders it
    // from the rule's `messages` (src/phase/gates.ts)
    const m = v.message;
    const id = msgIdText(m);
    this.results.put(doc, "rule", rule.id);
    this.results.put(doc, "messageId", id);
    for (let i = 0; i < m.count; i++) this.results.put(doc, "m." + m.key(i), m.val(i));
    this.results.put(doc, "evidence", v.evidence);
    if (v.status == "FAIL") {
      // "{{gate}}: {{message}}", the nested message named by "@msg" (src/wasm/loader.ts renderMessage)
      const f = msg("gateFailed").s("gate", doc.name).s("@msg", id);
      for (let i = 0; i < m.count; i++) f.s(m.key(i), m.val(i));
      this.report(rule, loc(doc), f);
    }
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

/** The first `max` items as list-valued data; the host joins them and says how many were left out. */
export function listed(xs: string[], max: i32): string {
  return listValue(xs, max);
}

/** Plural placeholders: `key` the count, `key + "s"` the suffix ("{{n}} file{{ns}}"). */
export function count(m: Msg, key: string, n: i32): Msg {
  return m.i(key, n).s(key + "s", n == 1 ? "" : "s");
}

/** A gate verdict: status, the message (an id of the rule's `messages` with its values), evidence. */
export class Verdict {
  constructor(public status: string, public message: Msg, public evidence: string) {}
}

export function pass(message: Msg, evidence: string): Verdict {
  return new Verdict("PASS", message, evidence);
}
export function fail(message: Msg): Verdict {
  return new Verdict("FAIL", message, "");
}

