// The configuration's `overrides` (ESLint's overrides): per-file rule severities, decided here. For the
// files an entry's `files` patterns match, its `rules` re-grade a rule's findings or switch them off;
// the later entry wins. A finding on no file (the repository) and AC-9xx (a file not read or not
// checked) are never re-graded: an unread file never passes.
// Input (family "overrides"): fact "ovr.rules" (entry, ruleId, severity triples: the table), fact
// "ovr.matches" (fileOrdinal, entry pairs: which entries' patterns match which file; the host matches
// the globs), fact "ovr.findings" (fileOrdinal, ruleId, severity triples; fileOrdinal -1: no file).
// Output: global "ovr.severities", the severity of each finding in order ("off": dropped).
import { encodeList } from "../../lib/list";
import { Input, Results } from "../../io";

export function applyOverrides(input: Input, results: Results): void {
  const table = input.factLines("ovr.rules");
  const matches = input.factLines("ovr.matches");
  const findings = input.factLines("ovr.findings");
  // per entry: rule id -> severity
  const entries: Map<string, string>[] = [];
  if (table !== null) {
    for (let i = 0; i + 2 < table.length; i += 3) {
      const e = I32.parseInt(table[i]);
      if (e < 0 || e > 100000) continue;
      while (entries.length <= e) entries.push(new Map<string, string>());
      entries[e].set(table[i + 1], table[i + 2]);
    }
  }
  // per file: the entries whose patterns match it
  const perFile = new Map<i32, i32[]>();
  if (matches !== null) {
    for (let i = 0; i + 1 < matches.length; i += 2) {
      const f = I32.parseInt(matches[i]);
      const e = I32.parseInt(matches[i + 1]);
      if (e < 0 || e >= entries.length) continue;
      if (!perFile.has(f)) perFile.set(f, []);
      perFile.get(f).push(e);
    }
  }
  const out: string[] = [];
  if (findings !== null) {
    for (let i = 0; i + 2 < findings.length; i += 3) {
      const f = I32.parseInt(findings[i]);
      const rule = findings[i + 1];
      let sev = findings[i + 2];
      if (f >= 0 && !rule.startsWith("AC-9") && perFile.has(f)) {
        const es = perFile.get(f);
        let best = -1;
        for (let k = 0; k < es.length; k++) {
          const e = es[k];
          if (e > best && entries[e].has(rule)) best = e;
        }
        if (best >= 0) sev = entries[best].get(rule);
      }
      out.push(sev);
    }
  }
  results.putGlobal("ovr.severities", encodeList(out));
}
