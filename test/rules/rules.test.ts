// Every rule's valid and invalid cases, through the rule tester, and the coverage check: each rule
// of a validator with a table has at least one valid and one invalid case, and every messageId it
// declares is produced by some invalid case (or, for a pre-pr report row, asserted by a valid case
// whose row passes).
import { describe, it, expect } from "vitest";
import { ruleTester, coverage } from "./rule-tester.js";
import { ruleTable } from "../../dist/wasm/loader.js";
import { TABLES, PARTIAL } from "./tables/index.mjs";

for (const [, table] of Object.entries(TABLES)) for (const [id, cases] of Object.entries(table)) ruleTester(id, cases as never);

describe("rule tester coverage", () => {
  const validators = Object.keys(TABLES);
  it.each(validators)("RT-COV every %s rule has valid and invalid cases and produces each of its messageIds", (validator) => {
    const problems: string[] = [];
    const ids = new Set(Object.keys(TABLES[validator as keyof typeof TABLES]));
    for (const r of ruleTable().filter((x) => x.validator === validator && (!PARTIAL.has(validator) || ids.has(x.id)))) {
      const c = coverage.get(r.id);
      if (!c || c.valid === 0) problems.push(`${r.id}: no valid case`);
      if (!c || c.invalid === 0) problems.push(`${r.id}: no invalid case`);
      for (const m of Object.keys(r.messages)) if (!c?.messageIds.has(m)) problems.push(`${r.id}: messageId ${m} is never produced`);
    }
    expect(problems).toEqual([]);
  });
});
