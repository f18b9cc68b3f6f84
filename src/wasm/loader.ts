// Synchronous loader for the embedded WebAssembly rule core.
// Raw ABI: documents go in as UTF-8 bytes in one arena, findings come out as packed i32 records.
import { messageIdOf, runRaw, type RawResult } from "./instance.js";
import { VALIDATOR_EXPORTS, type WasmValidator } from "./abi.js";
import { RULE_MAKERS, TERM_VALIDATORS } from "./generated/rules.js";
import { ruleDecls } from "./generated/rule-ids.js";
import { CODED, renderCoded, renderTemplate, type RuleMeta } from "./rule-meta.js";

export type { RuleMeta, RuleOption } from "./rule-meta.js";
export { WasmAbortError, WasmOutOfMemoryError, wasmBytes, debugAbort, wasmMemoryBytes, docSize, factBytes, type DocInput, type RawFinding, type RawResult } from "./instance.js";

/** Run one validator over a batch of documents (facts and options included as KIND.FACT docs). */
export function runValidator(validator: WasmValidator, docs: import("./instance.js").DocInput[]): RawResult {
  const raw = runRaw(VALIDATOR_EXPORTS[validator], docs);
  for (const f of raw.findings) {
    // a nested message (session-protocol gateFailed) is named by its id, not the build's number
    if (f.data["@msg"] !== undefined) f.data["@msg"] = messageIdOf(f.data["@msg"]);
    // a plain result has no coded part in any value: no walk over the values
    if (!raw.plain) {
      for (const k in f.data) {
        const v = f.data[k];
        if (CODED.test(v)) f.data[k] = renderValue(f.ruleId, v);
      }
    }
    f.message = renderMessage(f.ruleId, f.messageId, f.data);
  }
  renderDataValues(raw);
  renderDataMessages(raw);
  return raw;
}

/** A data value's coded parts in English, items named by id rendered from the rule's `terms`. */
export function renderValue(ruleId: string, value: string): string {
  return renderCoded(value, (n, data) => {
    const id = messageIdOf(n);
    // a document-level value names no rule ("")
    const t = (ruleId === "" ? undefined : ruleById(ruleId))?.terms?.[id] ?? anyTerm(id);
    return t === undefined ? id : renderTemplate(t, data);
  });
}

/**
 * A term of any rule (document-level values such as skip reasons carry no rule): the first rule's, in
 * registry order, that declares it (only its validator's table is made).
 */
function anyTerm(id: string): string | undefined {
  if (!Object.hasOwn(TERM_VALIDATORS, id)) return undefined;
  for (const r of rulesOf(TERM_VALIDATORS[id])) if (r.terms !== undefined && Object.hasOwn(r.terms, id)) return r.terms[id];
  return undefined;
}

/** Document data values with coded parts, rendered with the rule that decided the document (if any). */
function renderDataValues(raw: RawResult): void {
  if (raw.plain) return; // no value holds a coded part
  let rules: Map<number, string> | undefined;
  for (const d of raw.data) {
    if (!CODED.test(d.value)) continue;
    if (rules === undefined) {
      rules = new Map();
      for (const r of raw.data) if (r.key === "rule") rules.set(r.docIndex, r.value);
    }
    d.value = renderValue(rules.get(d.docIndex) ?? "", d.value);
  }
}

/**
 * A document's message given as data (the session-protocol gate verdicts): `rule`, `messageId` and
 * the placeholder values `m.<key>` become `message` (rendered from the rule's `messages`) and
 * `messageId` (the id as declared).
 */
function renderDataMessages(raw: RawResult): void {
  const byDoc = new Map<number, RawResult["data"]>();
  for (const d of raw.data) if (d.key === "messageId") byDoc.set(d.docIndex, []);
  if (byDoc.size === 0) return;
  const kept: RawResult["data"] = [];
  for (const d of raw.data) {
    const own = byDoc.get(d.docIndex);
    if (own && (d.key === "rule" || d.key === "messageId" || d.key.startsWith("m."))) own.push(d);
    else kept.push(d);
  }
  for (const [docIndex, own] of byDoc) {
    let rule = "";
    let id = "";
    const values: Record<string, string> = {};
    for (const d of own) {
      if (d.key === "rule") rule = d.value;
      else if (d.key === "messageId") id = messageIdOf(d.value);
      else values[d.key.slice(2)] = d.value;
    }
    kept.push({ docIndex, key: "messageId", value: id }, { docIndex, key: "message", value: renderMessage(rule, id, values) });
  }
  raw.data = kept;
}

/** The validators' tables made so far (rulesOf), and their rules by id. */
const made = new Map<string, RuleMeta[]>();
const ruleIndex = new Map<string, RuleMeta>();
let table: RuleMeta[] | undefined;

/**
 * One validator's rules, in registry order (declared beside the rules in assembly/, generated at build
 * time), made when first asked for: a short run makes the tables of the validators it runs only.
 */
export function rulesOf(validator: string): RuleMeta[] {
  let rules = made.get(validator);
  if (rules === undefined) {
    rules = Object.hasOwn(RULE_MAKERS, validator) ? RULE_MAKERS[validator]() : [];
    made.set(validator, rules);
    for (const r of rules) ruleIndex.set(r.id, r);
  }
  return rules;
}

/** The rule table declared beside the rules in assembly/ (generated at build time), in registry order. */
export function ruleTable(): RuleMeta[] {
  return (table ??= Object.keys(RULE_MAKERS).flatMap((v) => rulesOf(v)));
}

/** One rule's metadata by id (its validator's table made if it was not). */
export function ruleById(id: string): RuleMeta | undefined {
  const known = ruleIndex.get(id);
  if (known !== undefined) return known;
  // the rule's validator from the id declarations the configuration is checked against
  const decls = ruleDecls();
  if (!Object.hasOwn(decls, id)) return undefined;
  rulesOf(decls[id].validator);
  return ruleIndex.get(id);
}

/** ruleId -> messageId -> template (null: none), filled on first use. */
const templates = new Map<string, Map<string, string | null>>();

/**
 * The English text of a finding: the rule's template for `messageId` filled with `data`. A `@msg`
 * value names another message of the same rule (its number or id); rendered with the same data, it
 * fills `{{message}}` (the session-protocol gates: "{{gate}}: {{message}}").
 */
export function renderMessage(ruleId: string, messageId: string, data: Record<string, string>): string {
  const nested = data["@msg"];
  if (nested !== undefined && data.message === undefined) {
    const { ["@msg"]: _, ...rest } = data;
    data = { ...rest, message: renderMessage(ruleId, messageIdOf(nested), rest) };
  }
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
