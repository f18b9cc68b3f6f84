// What the result builder (io.ts) needs of a rule: its id, default severity and declaration index.
// A Rule (assembly/rules.ts) extends it, and RuleOf<C> adds the check, whose context holds the Input
// and Results of io.ts: this base keeps io.ts from importing the rule model (no import cycle).

/** Unmanaged, as Rule is (see there): a rule lives as long as the module. */
// @ts-ignore: decorator
@unmanaged export class RuleRef {
  constructor(public id: string, public severity: i32, public index: i32) {}
}
