// Helpers for the JSON session-log tests: a valid log (spec §11.16 helpers) and a runner that
// drives the WASM core directly with facts.
import { runValidator, ruleTable } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { BUILTIN_SESSION_SCHEMA } from "../../dist/validators/session-json-schema.js";

const enc = new TextEncoder();

export const START_KEYS = [
  "serenaActivated", "serenaInstructions", "handoffRead", "sessionLogCreated", "skillScriptsListed",
  "usageMandatoryRead", "constraintsRead", "memoriesLoaded", "branchVerified", "notOnMain",
];
export const END_KEYS = [
  "checklistComplete", "handoffPreserved", "serenaMemoryUpdated", "markdownLintRun", "qaValidation",
  "changesCommitted", "validationPassed",
];

export type Json = Record<string, any>;

export function item(complete = true, evidence = "Evidence", level: string | undefined = "MUST"): Json {
  const o: Json = { complete, evidence };
  if (level !== undefined) o.level = level;
  return o;
}

/** A valid log: every required item complete MUST with evidence; QA skipped as investigation-only. */
export function validLog(): Json {
  const start: Json = {};
  for (const k of START_KEYS) start[k] = item();
  const end: Json = {};
  for (const k of END_KEYS) end[k] = item();
  end.qaValidation = item(true, "SKIPPED: investigation-only");
  return {
    schemaVersion: "1.0",
    session: { number: 42, date: "2026-01-05", branch: "feat/table-parser", startingCommit: "a1b2c3d", objective: "Fix pipes" },
    protocolCompliance: { sessionStart: start, sessionEnd: end },
    workLog: [],
    endingCommit: "d4e5f60",
    nextSteps: [],
  };
}

export interface F {
  id: string;
  severity: string;
  line: number;
  column: number;
  message: string;
}

export interface RunOpts {
  mode?: "full" | "creation" | "record" | "both";
  name?: string;
  now?: string;
  facts?: Record<string, string>;
  /** Schema text; null = supply none. Default: the built-in schema. */
  schema?: string | null;
}

const MODE = { full: 0, creation: 1, record: 2, both: 3 };

export function run(log: Json | string | unknown, o: RunOpts = {}): { findings: F[]; data: Record<string, string>; status: string } {
  const rules = ruleTable();
  const text = typeof log === "string" ? log : JSON.stringify(log, null, 2);
  const facts: Record<string, string> = { now: o.now ?? "2026-01-06T12:00:00Z", ...o.facts };
  const schema = o.schema === undefined ? JSON.stringify(BUILTIN_SESSION_SCHEMA) : o.schema;
  if (schema !== null) facts["session.schema"] = schema;
  const docs = Object.entries(facts).map(([name, v]) => ({ name, kind: KIND.FACT, bytes: enc.encode(v) }));
  docs.push({
    name: ".agents/sessions/" + (o.name ?? "2026-01-05-session-42.json"),
    kind: KIND.SESSION_JSON,
    flags: MODE[o.mode ?? "full"],
    bytes: enc.encode(text),
  } as any);
  const r = runValidator("session-log", docs);
  const di = docs.length - 1;
  const data: Record<string, string> = {};
  for (const d of r.data) if (d.docIndex === di) data[d.key] = d.value;
  return {
    status: r.docStatus[di],
    data,
    findings: r.findings
      .filter((f) => f.docIndex === di)
      .map((f) => ({ id: f.ruleId, severity: f.severity, line: f.line, column: f.column, message: f.message })),
  };
}

export const ids = (fs: F[]) => fs.map((f) => f.id);
export const errors = (fs: F[]) => fs.filter((f) => f.severity === "error");
export const of = (fs: F[], id: string) => fs.filter((f) => f.id === id);
export const clone = (o: Json): Json => JSON.parse(JSON.stringify(o));
