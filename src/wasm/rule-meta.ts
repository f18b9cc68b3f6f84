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
  /** Texts the rule's data values name by id (assembly/rules.ts msgItem), with {{placeholders}}. */
  terms?: Record<string, string>;
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

/** A data value with coded parts (lists, message items, cut texts; assembly/lib/text.ts). */
export const CODED = /[\x1a-\x1f]/;

/**
 * The English of a data value's coded parts (assembly/lib/text.ts): list items (LIST_SEP) joined by
 * ", "; a term item (ITEM_MSG, then the id and ITEM_ARG-separated keys and values) by `item(id, data)`;
 * a cut list's tail "… (N more)" (ITEM_MORE) or " and N more" (ITEM_AND_MORE); a cut text's
 * "… (N more characters)" (CUT_MORE). Values without them are returned as they are.
 */
export function renderCoded(value: string, item: (messageId: string, data: Record<string, string>) => string): string {
  if (!CODED.test(value)) return value;
  const and = value.lastIndexOf("\x1a");
  if (and >= 0) return `${renderCoded(value.slice(0, and), item)} and ${value.slice(and + 1)} more`;
  return value
    .split("\x1e")
    .map((part) => {
      const c = part.charCodeAt(0);
      if (c === 0x1b) {
        const [id, ...kv] = part.slice(1).split("\x1c");
        const data: Record<string, string> = {};
        for (let i = 0; i + 1 < kv.length; i += 2) data[kv[i]] = kv[i + 1];
        return item(id, data);
      }
      if (c === 0x1f) return `… (${part.slice(1)} more)`;
      const cut = part.indexOf("\x1d");
      return cut < 0 ? part : `${part.slice(0, cut)}… (${part.slice(cut + 1)} more characters)`;
    })
    .join(", ");
}
