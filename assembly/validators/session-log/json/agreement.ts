// Helpers of the agreement rules SP-116..SP-119 (SP-116.ts .. SP-119.ts): branch names in evidence.
import { JValue, J_OBJ, J_STR } from "../../../lib/json";
import { JsonLog, itemEvidence, itemCompleteStrict, hexRuns, shaCompatible, isSha, str } from "./model";


const BRANCH_KINDS: string[] = ["feat", "fix", "docs", "chore", "refactor", "test", "ci", "build", "perf", "style", "revert"];
export const BRANCH_ITEMS: string[] = ["branchVerified", "notOnMain", "verifyBranch"];

function isBranchChar(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 || c == 46 || c == 47;
}

/** Conventional branch names (kind/name) mentioned in a text. */
export function branchNames(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && isBranchChar(s.charCodeAt(i - 1))) continue;
    for (let k = 0; k < BRANCH_KINDS.length; k++) {
      const kind = BRANCH_KINDS[k] + "/";
      if (!s.startsWith(kind, i)) continue;
      let e = i + kind.length;
      while (e < s.length && isBranchChar(s.charCodeAt(e))) e++;
      while (e > i + kind.length && !isBranchNameEnd(s.charCodeAt(e - 1))) e--;
      if (e > i + kind.length) {
        const name = s.substring(i, e);
        if (!out.includes(name)) out.push(name);
      }
    }
  }
  return out;
}

function isBranchNameEnd(c: i32): bool {
  return c != 46 && c != 45 && c != 47 && c != 95;
}

export function eachSectionItem(log: JsonLog, key: string): JValue | null {
  const s = log.section("sessionStart");
  const a = s !== null ? s.get(key) : null;
  if (a !== null) return a;
  const e = log.section("sessionEnd");
  return e !== null ? e.get(key) : null;
}
