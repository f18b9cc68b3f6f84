// isSessionId (src/state/constants.ts) is SESSION_ID_RE written as a loop (the gate asks it twice per
// call; a regular expression is compiled on its first test and again on its second): the two must agree.
import { describe, expect, it } from "vitest";
import { SESSION_ID_RE, isSessionId } from "../../src/state/constants.js";

describe("isSessionId", () => {
  it("agrees with SESSION_ID_RE on edge cases and on random strings", () => {
    const edge = ["", "a", "0", "-", "-a", "a-", "a--b", "A", "aB", "a_b", "a.b", "a b", "a\n", "\na", "é", "a".repeat(128), "a".repeat(129),
      `0${"-".repeat(127)}`, `0${"-".repeat(128)}`, "bench-gate", "session-1", "z9", "\u0000", "a\u0000"];
    const alphabet = "az09-_A.\n é";
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const random = Array.from({ length: 4000 }, () => Array.from({ length: rnd(6) === 0 ? 120 + rnd(20) : rnd(8) }, () => alphabet[rnd(alphabet.length)]).join(""));
    for (const s of [...edge, ...random]) expect(isSessionId(s), JSON.stringify(s)).toBe(SESSION_ID_RE.test(s));
    for (const v of [undefined, null, 1, {}, ["a"]]) expect(isSessionId(v)).toBe(false);
  });
});
