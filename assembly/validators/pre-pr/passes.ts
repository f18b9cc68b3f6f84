// The pre-pr module's passes over other validators' findings, each one call of its own (fact "family"):
// "dir" applies the inline disable directives (directives.ts), "overrides" the configuration's per-file
// severities (overrides.ts). Every command that reports findings runs them, so the lean commands' build
// (assembly/lean.ts) holds them without the pre-pr rules; validatePrePr (index.ts) dispatches through
// the same function.
import { Input, Results } from "../../io";
import { KIND_PREPR_FILE } from "../../abi";
import { applyDirectives } from "./directives";
import { applyOverrides } from "./overrides";

/** Runs the pass fact "family" names; false when it names none of them. */
export function applyFindingPass(input: Input, results: Results): bool {
  const family = input.fact("family");
  if (family == "dir") applyDirectives(input, results, input.ofKind(KIND_PREPR_FILE));
  else if (family == "overrides") applyOverrides(input, results);
  else return false;
  return true;
}

/** The lean build's pre-pr entry: the passes only; any other family is unknown there (status 1). */
export function validateFindingPasses(input: Input, results: Results): void {
  if (!applyFindingPass(input, results)) results.status = 1;
}
