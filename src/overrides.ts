// The configuration's `overrides` (ESLint's overrides): per-file rule severities. For the files an entry's
// `files` patterns match (gitignore syntax, as `ignores`), its `rules` re-grade a rule's findings or
// switch them off; later entries win. They cover what inline directives cannot reach (JSON session
// logs, generated files). AC-9xx (a file not read or not checked) is never re-graded (refused by the
// configuration check): an unread file never passes.
import type { Config } from "./config.js";
import { patternMatcher, type IgnoreMatcher } from "./ignores.js";
import type { Finding, Severity } from "./report.js";

export type FileOverrides = { match: IgnoreMatcher; rules: Readonly<Record<string, Severity | "off">> }[];

/** The configuration's overrides, compiled (undefined when there are none). */
export function compileOverrides(config: Config): FileOverrides | undefined {
  const list = config.overrides ?? [];
  if (list.length === 0) return undefined;
  return list.map((o, i) => ({ match: patternMatcher(o.files ?? [], `configuration overrides[${i}].files`), rules: (o.rules ?? {}) as Record<string, Severity | "off"> }));
}

/** The severity the overrides give a finding: its own, another, or "off". */
export function overriddenSeverity(ovs: FileOverrides, f: Finding): Severity | "off" {
  if (!f.file || f.file === "." || f.ruleId.startsWith("AC-9")) return f.severity;
  let out: Severity | "off" = f.severity;
  for (const o of ovs) {
    if (!Object.prototype.hasOwnProperty.call(o.rules, f.ruleId)) continue;
    if (o.match.ignored(f.file)) out = o.rules[f.ruleId];
  }
  return out;
}
