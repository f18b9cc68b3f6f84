// The core's decision of a pre-pr report row (family "row" of the pre-pr validator, rules PP-000..
// PP-015; assembly/validators/pre-pr/row.ts): the host passes facts, the core answers the status,
// the rule and messageId of the row's text and its data; the text is rendered from the rule table.
import { executeValidator, type Facts } from "../engine.js";
import { decodeList } from "../wasm/list.js";
import { messageIdOf } from "../wasm/instance.js";
import { renderMessage } from "../wasm/loader.js";
import type { CheckStatus } from "./runner.js";

export interface RowAnswer {
  /** RUN: the check runs (phase "plan" only). */
  status: CheckStatus | "RUN";
  ruleId?: string;
  messageId?: string;
  message: string;
  /** Phase "findings": the severity of each tool finding, in order. */
  severities?: string[];
}

export function decideRow(row: string, phase: "plan" | "result" | "findings", facts: Facts): RowAnswer {
  const out = executeValidator("pre-pr", [], { ...facts, family: "row", row, phase });
  if (out.internalErrors.length > 0) throw new Error(`internal error: ${out.internalErrors.join("; ")}`);
  const g = out.global;
  if (phase === "findings") return { status: "RUN", message: "", severities: g["row.severities"] === undefined ? [] : decodeList(g["row.severities"]) };
  const status = g["row.status"] as RowAnswer["status"] | undefined;
  if (!status) throw new Error(`no rule of the core decides the ${phase} of check ${row}`);
  const ruleId = g["row.rule"];
  const rawId = g["row.message"];
  // the core reports a message by its number (scripts/asc-size.mjs): back to its id
  const messageId = rawId === undefined ? undefined : messageIdOf(rawId);
  if (!ruleId || !messageId) return { status, message: "" };
  const kv = g["row.data"] === undefined ? [] : decodeList(g["row.data"]);
  const data: Record<string, string> = {};
  for (let i = 0; i + 1 < kv.length; i += 2) data[kv[i]] = kv[i + 1];
  return { status, ruleId, messageId, message: renderMessage(ruleId, messageId, data) };
}
