import { Doc, Input, Results } from "../../io";
import { Loc, RuleCtx } from "../../rules";
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

  /** A location in this log (line/column 1-based; 0 = the whole file / the whole line). */
  at(line: i32, column: i32): Loc {
    return new Loc(this.doc, line, column);
  }
}
