// Synchronous loader for the embedded WebAssembly rule core.
// Raw ABI: documents go in as UTF-8 bytes in one arena, findings come out as packed i32 records.
import { runRaw, type RawResult } from "./instance.js";
import { VALIDATOR_EXPORTS, type WasmValidator } from "./abi.js";
import { RULES } from "./generated/rules.js";
import { renderTemplate, type RuleMeta } from "./rule-meta.js";

export type { RuleMeta, RuleOption } from "./rule-meta.js";
export { WasmAbortError, wasmBytes, debugAbort, wasmMemoryBytes, type DocInput, type RawFinding, type RawResult } from "./instance.js";

/** Run one validator over a batch of documents (facts and options included as KIND.FACT docs). */
export function runValidator(validator: WasmValidator, docs: import("./instance.js").DocInput[]): RawResult {
  const raw = runRaw(VALIDATOR_EXPORTS[validator], docs);
  for (const f of raw.findings) f.message = renderMessage(f.ruleId, f.messageId, f.data);
  return raw;
}

let ruleIndex: Map<string, RuleMeta> | undefined;

/** The rule table declared beside the rules in assembly/ (generated at build time), in registry order. */
export function ruleTable(): RuleMeta[] {
  return RULES;
}

/** One rule's metadata by id. */
export function ruleById(id: string): RuleMeta | undefined {
  if (!ruleIndex) ruleIndex = new Map(RULES.map((r) => [r.id, r]));
  return ruleIndex.get(id);
}

/** ruleId -> messageId -> template (null: none), filled on first use. */
const templates = new Map<string, Map<string, string | null>>();

/** The English text of a finding: the rule's template for `messageId` filled with `data`. */
export function renderMessage(ruleId: string, messageId: string, data: Record<string, string>): string {
  let byMessage = templates.get(ruleId);
  if (byMessage === undefined) templates.set(ruleId, (byMessage = new Map()));
  let template = byMessage.get(messageId);
  if (template === undefined) {
    const t = ruleById(ruleId)?.messages[messageId];
    byMessage.set(messageId, (template = t === undefined ? null : t));
  }
  if (template === null) {
    const vals = Object.values(data);
    return vals.length ? `${messageId}: ${vals.join(", ")}` : messageId;
  }
  return renderTemplate(template, data);
}
