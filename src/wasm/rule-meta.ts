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

/** Templates split once into [text, key, text, key, …, text] (keys at odd indices). */
const compiled = new Map<string, string[]>();

function compile(template: string): string[] {
  let parts = compiled.get(template);
  if (parts === undefined) {
    parts = template.split(/\{\{(\w+)\}\}/);
    compiled.set(template, parts);
  }
  return parts;
}

/** Fills a template's {{placeholders}} from `data`; unknown placeholders stay as written. */
export function renderTemplate(template: string, data: Record<string, string>): string {
  const parts = compile(template);
  if (parts.length === 1) return template;
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const k = parts[i];
    out += (Object.hasOwn(data, k) ? data[k] : `{{${k}}}`) + parts[i + 1];
  }
  return out;
}
