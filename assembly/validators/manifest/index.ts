// Session manifest validator (state.json v2, specs/session-formats.md §1). One KIND_MANIFEST document
// per session folder (name: <folder>/state.json; flags: which artifact files exist) and, when present,
// its KIND_MANIFEST_SPEC document (<folder>/spec.md). Facts: manifest.schema (the JSON Schema generated
// from the zod schema), manifest.scope = "content" (write-time check: no folder/artifact rules).
// Each manifest gets a ManifestCtx (ctx.ts) and runs the RULES list; one file per rule (SM-0xx.ts).
import { Input, Results } from "../../io";
import { KIND_MANIFEST, KIND_MANIFEST_SPEC, DOC_IGNORED } from "../../abi";
import { J_STR } from "../../lib/json";
import { runRules, RuleOf } from "../../rules";
import { ManifestCtx } from "./ctx";
import { SM001 } from "./SM-001";
import { SM002 } from "./SM-002";
import { SM003 } from "./SM-003";
import { SM004 } from "./SM-004";
import { SM005 } from "./SM-005";
import { SM006 } from "./SM-006";
import { SM007 } from "./SM-007";
import { SM008 } from "./SM-008";
import { SM009 } from "./SM-009";
import { SM010 } from "./SM-010";
import { SM011 } from "./SM-011";
import { SM012 } from "./SM-012";

/** The manifest rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<ManifestCtx>[] = [
  SM001, SM002, SM003, SM004, SM005, SM006, SM007, SM008, SM009, SM010, SM011, SM012,
];

export function validateManifest(input: Input, results: Results): void {
  const sc = input.fact("manifest.scope");
  const contentOnly = sc !== null && sc == "content";
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind == KIND_MANIFEST_SPEC) results.setDocStatus(doc, DOC_IGNORED); // read through its manifest
    if (doc.kind != KIND_MANIFEST) continue;
    const ctx = new ManifestCtx(input, results, doc, contentOnly);
    runRules(RULES, ctx);
    const root = ctx.root;
    if (root === null || !ctx.isObject()) continue;
    const ph = root.get("current_phase");
    if (ph !== null && ph.kind == J_STR) results.put(doc, "phase", ph.s);
    const st = root.get("status");
    if (st !== null && st.kind == J_STR) results.put(doc, "status", st.s);
  }
}
