// The configuration's `overrides` (ESLint's overrides): per-file rule severities. For the files an entry's
// `files` patterns match (gitignore syntax, as `ignores`), its `rules` re-grade a rule's findings or
// switch them off; later entries win. They cover what inline directives cannot reach (JSON session
// logs, generated files). AC-9xx (a file not read or not checked) is never re-graded (refused by the
// configuration check, and by the core): an unread file never passes.
// The shell matches the globs (a fact); the core decides each finding's severity (family "overrides" of
// the pre-pr validator, assembly/validators/pre-pr/overrides.ts).
import type { Config } from "./config.js";
import { factDocs } from "./engine.js";
import { patternMatcher, type IgnoreMatcher } from "./ignores.js";
import { InternalError, type Finding, type Severity } from "./report.js";
import { decodeList } from "./wasm/list.js";
import { runValidator } from "./wasm/loader.js";

export type FileOverrides = { match: IgnoreMatcher; rules: Readonly<Record<string, Severity | "off">> }[];

/** The configuration's overrides, compiled (undefined when there are none). */
export function compileOverrides(config: Config): FileOverrides | undefined {
  const list = config.overrides ?? [];
  if (list.length === 0) return undefined;
  return list.map((o, i) => ({ match: patternMatcher(o.files ?? [], `configuration overrides[${i}].files`), rules: (o.rules ?? {}) as Record<string, Severity | "off"> }));
}

/** The severity the overrides give each finding (its own, another, or "off"), in order; decided by the core. */
export function overriddenSeverities(ovs: FileOverrides, findings: readonly Finding[]): (Severity | "off")[] {
  if (findings.length === 0) return [];
  const table: string[] = [];
  ovs.forEach((o, e) => {
    for (const rule of Object.keys(o.rules)) table.push(String(e), rule, o.rules[rule]);
  });
  // the glob facts: per distinct file, the entries whose patterns match it
  const ordinal = new Map<string, number>();
  const matches: string[] = [];
  const rows: string[] = [];
  for (const f of findings) {
    let n = -1;
    if (f.file && f.file !== ".") {
      const known = ordinal.get(f.file);
      if (known !== undefined) n = known;
      else {
        n = ordinal.size;
        ordinal.set(f.file, n);
        ovs.forEach((o, e) => {
          if (o.match.ignored(f.file)) matches.push(String(n), String(e));
        });
      }
    }
    rows.push(String(n), f.ruleId, f.severity);
  }
  const raw = runValidator("pre-pr", factDocs({ family: "overrides", "ovr.rules": table, "ovr.matches": matches, "ovr.findings": rows }));
  if (raw.status !== 0) throw new InternalError(`internal error: the core refused the configuration's overrides (status ${raw.status})`);
  let answer: string | undefined;
  for (const d of raw.data) if (d.docIndex === -1 && d.key === "ovr.severities") answer = d.value;
  const sevs = answer === undefined ? [] : decodeList(answer);
  if (sevs.length !== findings.length) throw new InternalError(`internal error: the core graded ${sevs.length} of ${findings.length} findings under the configuration's overrides`);
  return sevs as (Severity | "off")[];
}
