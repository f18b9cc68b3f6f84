// Session-state validator: the state note's checks (spec session-state §6.3), for `check`, pre-commit,
// CI and the note store itself (every read and write of a state goes through SS-002). One document
// holds the state as compact JSON; see context.ts for the facts.
import { Input, Results } from "../../io";
import { KIND_SESSION_STATE } from "../../abi";
import { runRules, RuleOf } from "../../rules";
import { StateCtx, parseDocJson } from "./context";
import { SS001 } from "./SS-001";
import { SS002 } from "./SS-002";
import { plainValidState } from "./plain";

/** The session-state rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<StateCtx>[] = [
  SS001, SS002,
];

export function validateSessionState(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind != KIND_SESSION_STATE) continue;
    run(new StateCtx(input, results, doc));
  }
}

/**
 * The same for the hook gate's build (assembly/gate.ts): a state plainValidState confirms skips the
 * JSON-schema layer, whose compilation was most of the gate's time on a state it had not seen (issue
 * 39 item 3); any other state is checked in full, as above. The same SS-002 findings either
 * way (test/wasm/gate-core.test.ts); no SS-001, no "mode" value.
 */
export function validateSessionStateGate(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind != KIND_SESSION_STATE) continue;
    // parsed once, for the narrow check and, when it does not confirm the state, the whole one
    const st = input.fact("state.status");
    const parsed = st === null || st == "ok" ? parseDocJson(doc.ptr, doc.len) : null;
    const ctx = new StateCtx(input, results, doc, parsed, parsed !== null && plainValidState(input, doc, parsed));
    // SS-002 alone and no "mode" value: the gate's host reads SS-002's findings only (src/state/
    // check.ts stateIssues). SS-001 and the value cost every call on a state not seen the compilation
    // of SS-001's check and of the result pool's way out (a message with data, interned strings):
    // about 1.1 M instructions (issue 39 item 3). A list made here, not a module-level one, which
    // would be in the whole core's module too; `check` runs RULES there
    runRules([SS002], ctx);
  }
}

function run(ctx: StateCtx): void {
  if (ctx.valid()) ctx.results.put(ctx.doc, "mode", ctx.str("currentMode"));
  runRules(RULES, ctx);
}
