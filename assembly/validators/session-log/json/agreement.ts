// Helpers of the agreement rules SP-116..SP-119 (SP-116.ts .. SP-119.ts): branch names in evidence.
import { JValue } from "../../../lib/json";
import { JsonLog } from "./model";


/** The conventional branch kinds with their slash ("feat/", ...). */
const BRANCH_PREFIXES: string[] = ["feat/", "fix/", "docs/", "chore/", "refactor/", "test/", "ci/", "build/", "perf/", "style/", "revert/"];
export const BRANCH_ITEMS: string[] = ["branchVerified", "notOnMain", "verifyBranch"];

function isBranchChar(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 95 || c == 46 || c == 47;
}

/** Conventional branch names (kind/name) mentioned in a text. */
export function branchNames(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && isBranchChar(s.charCodeAt(i - 1))) continue;
    const c = s.charCodeAt(i);
    // every kind starts with one of f d c r t b p s
    if (c != 102 && c != 100 && c != 99 && c != 114 && c != 116 && c != 98 && c != 112 && c != 115) continue;
    for (let k = 0; k < BRANCH_PREFIXES.length; k++) {
      const kind = BRANCH_PREFIXES[k];
      if (<i32>kind.charCodeAt(0) != c || !s.startsWith(kind, i)) continue;
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
