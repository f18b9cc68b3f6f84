// Rule metadata as declared beside each rule in assembly/ (generated into ./generated/rules.ts by
// scripts/gen-rules.mjs) and the one place where a finding's English text is rendered.
import type { Severity } from "./abi.js";

export interface RuleOption {
  type: "integer" | "number" | "boolean" | "string" | "string[]" | "enum";
  default: string | number | boolean | string[];
  description: string;
  values?: string[];
}

export interface RuleMeta {
  id: string;
  validator: string;
  severity: Severity;
  title: string;
  description: string;
  rationale?: string;
  /** Option name -> declaration; values reach the core as facts "option.<id>.<name>". */
  options: Record<string, RuleOption>;
  /** messageId -> template with {{placeholders}}. */
  messages: Record<string, string>;
  /** The rule's source file (assembly/...). */
  source: string;
}

/** Fills a template's {{placeholders}} from `data`; unknown placeholders stay as written. */
export function renderTemplate(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (Object.hasOwn(data, k) ? data[k] : m));
}
