// Every real session log of the upstream corpus is validated without an internal error; the
// verdict and rule counts are recorded as a snapshot so any change of behaviour shows up in review.
import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { readdirSync } from "node:fs";
import { CORPUS, HAS_CORPUS, runCli } from "../helpers.js";

const FOLDERS = ["ai-agents-109e737e7", "ai-agents-efa406e9a"];

if (!HAS_CORPUS) console.warn("[skipped] session-log corpus tests: ../shared/corpus is absent");

describe.skipIf(!HAS_CORPUS)("session-log on the real corpus", () => {
  for (const folder of FOLDERS) {
    it(`${folder}: every log validated, no internal error, verdict counts stable`, () => {
      const dir = join(CORPUS, folder, ".agents", "sessions");
      const expected = readdirSync(dir).filter((f) => /\.(md|json)$/i.test(f)).length;
      const r = runCli(["session-log", dir, "--format", "json", "--now", "2026-11-01T00:00:00Z"], { cwd: join(CORPUS, folder) });
      expect(r.code, r.stderr).not.toBe(2);
      expect(r.stderr).not.toContain("internal error");
      const report = JSON.parse(r.stdout);
      expect(report.results.length).toBe(expected);
      const verdicts: Record<string, number> = {};
      const rules: Record<string, number> = {};
      for (const res of report.results) {
        verdicts[res.verdict] = (verdicts[res.verdict] ?? 0) + 1;
        for (const f of res.findings) rules[`${f.ruleId} ${f.severity}`] = (rules[`${f.ruleId} ${f.severity}`] ?? 0) + 1;
      }
      expect(rules["AC-902 error"]).toBeUndefined();
      const sortedRules = Object.fromEntries(Object.entries(rules).sort(([a], [b]) => (a < b ? -1 : 1)));
      expect({ files: expected, verdicts, rules: sortedRules }).toMatchSnapshot();
    });
  }
});
