import { Doc, Input, Results } from "../../io";
import { Rule, Msg, RuleCtx } from "../../rules";
import { SL_MODE_FULL, SL_MODE_CREATION, SL_MODE_RECORD } from "../../abi";

/** Modes of session-log validation (SP-120), decided in ./mode.ts; a mode the host names is in flag bits 0..1. */
export const MODE_FULL: i32 = SL_MODE_FULL;
export const MODE_CREATION: i32 = SL_MODE_CREATION;
export const MODE_RECORD: i32 = SL_MODE_RECORD;

/** Per-document context handed to every session-log rule (a RuleCtx: rules run through runRules). */
export class SessionCtx extends RuleCtx {
  constructor(input: Input, results: Results, public doc: Doc) {
    super(input, results);
  }

  report(rule: Rule, line: i32, column: i32, message: Msg): void {
    this.results.report(rule, this.doc, line, column, message);
  }

  reportAs(rule: Rule, severity: i32, line: i32, column: i32, message: Msg): void {
    this.results.reportAs(rule, severity, this.doc, line, column, message);
  }
}
