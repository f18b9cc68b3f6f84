// The rule tester: runs one rule's valid and invalid cases through the WebAssembly core (the same
// runValidator and option path the CLI uses) and asserts messageIds and data, never English text.
// Every call records which cases and messageIds a rule has, for the coverage check in rules.test.ts.
import { describe, it, expect } from "vitest";
import { runValidator, ruleById, type RuleMeta } from "../../dist/wasm/loader.js";
import { KIND, type WasmValidator } from "../../dist/wasm/abi.js";
import { optionFacts, factDocs, executeValidator, loadFile, type Facts, type ContentDoc } from "../../dist/engine.js";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { decodeList } from "../../dist/wasm/list.js";
import { messageIdOf } from "../../dist/wasm/instance.js";
import { tmpDir } from "../helpers.js";

export interface CaseDoc {
  /** Document name (repo-relative path, or what the validator expects). */
  name: string;
  /** A KIND name (SESSION_MD, SPEC_DOC, ...). */
  kind: keyof typeof KIND;
  flags?: number;
  /** The document's text; `bytes` gives raw bytes instead (invalid UTF-8, very large input). */
  text?: string;
  bytes?: Uint8Array;
  /** `read` cases only: the file is a symbolic link to this target instead. */
  symlink?: string;
}

export interface RuleCase {
  /** What the case shows (used as the test name and in the rule's docs). */
  name: string;
  /** Session-protocol gates: the messageId of the verdict the rule records on the gate (data messageId). */
  verdict?: string;
  docs: CaseDoc[];
  facts?: Facts;
  /** Rule options (defaults come from the rule's declaration). */
  options?: Record<string, unknown>;
  /** Validator to run, for rules of the "common" group. */
  validator?: WasmValidator;
  /**
   * Run through the host's steps instead of the bare core: `host` hands the documents to
   * executeValidator (a core failure becomes AC-902, input over the core's limit AC-903); `read`
   * also writes them to a temporary directory first and reads each through the bounded reader
   * (loadFile: AC-900 over `maxBytes`, AC-901 for a file it refuses).
   */
  host?: boolean;
  read?: { maxBytes: number };
  /**
   * pre-pr report rows (fact family "row"): the core answers a row's status and message as global
   * data, not as findings. A valid row case is one whose row passes (status PASS, or RUN for the
   * plan of PP-000); `row` asserts its message. An invalid case's `errors` hold the one row message
   * of a WARN, FAIL or SKIP row, with its `status`.
   */
  row?: { messageId: string; data?: Record<string, string> };
  /** pre-pr rows, plan phase of a SKIP row: the messageId of the row's own text (global data row.label). */
  label?: string;
  /** pre-pr rows, phases "findings" and "overrides": the severity the core answers for each finding (row.severities). */
  severities?: string[];
}

export interface ExpectedError {
  messageId: string;
  line?: number;
  column?: number;
  /** Expected values of the message's placeholders (a subset is enough). */
  data?: Record<string, string>;
  severity?: "error" | "warning" | "info";
  /** pre-pr rows: the row's status. */
  status?: "PASS" | "WARN" | "FAIL" | "SKIP";
  /** Name of the document the finding is on (default: any). */
  doc?: string;
}

export interface InvalidCase extends RuleCase {
  errors: ExpectedError[];
}

export interface RuleCases {
  valid: RuleCase[];
  invalid: InvalidCase[];
}

export interface Coverage {
  valid: number;
  invalid: number;
  messageIds: Set<string>;
}
export const coverage = new Map<string, Coverage>();

function cover(id: string): Coverage {
  let c = coverage.get(id);
  if (!c) coverage.set(id, (c = { valid: 0, invalid: 0, messageIds: new Set() }));
  return c;
}

const enc = new TextEncoder();
const bytesOf = (d: CaseDoc) => d.bytes ?? enc.encode(d.text ?? "");

interface Got {
  ruleId: string;
  messageId?: string;
  data?: Record<string, string>;
  line: number;
  column: number;
  severity: string;
  doc: string;
  status?: string;
}

interface RowAnswer {
  status?: string;
  ruleId?: string;
  messageId?: string;
  data: Record<string, string>;
  /** Findings the row's rule reported on the call's documents (phase "findings"). */
  findings: Got[];
  label?: string;
  severities?: string[];
}

const isRow = (c: RuleCase) => c.facts?.family === "row";

/** The row the core decides for a pre-pr row case (global data row.status, row.rule, row.message, row.data). */
function runRow(rule: RuleMeta, c: RuleCase): RowAnswer {
  const facts = { ...optionFacts("pre-pr", { [rule.id]: c.options ?? {} }), ...(c.facts ?? {}) };
  const docs = c.docs.map((d) => ({ file: d.name, kind: KIND[d.kind], flags: d.flags ?? 0, bytes: bytesOf(d) }));
  const out = executeValidator("pre-pr", docs, facts);
  expect(out.internalErrors, "core errors").toEqual([]);
  const g = out.global;
  const kv = g["row.data"] === undefined ? [] : decodeList(g["row.data"]);
  const data: Record<string, string> = {};
  for (let i = 0; i + 1 < kv.length; i += 2) data[kv[i]] = kv[i + 1];
  const findings = out.results.flatMap((r) => r.findings.filter((f) => f.ruleId === rule.id).map((f) => ({ ...f, doc: r.file })));
  return {
    status: g["row.status"], ruleId: g["row.rule"], messageId: g["row.message"] === undefined ? undefined : messageIdOf(g["row.message"]), data, findings,
    label: g["row.label"] === undefined ? undefined : messageIdOf(g["row.label"]),
    severities: g["row.severities"] === undefined ? undefined : decodeList(g["row.severities"]),
  };
}

/** A row that does not pass, as the one "finding" of its rule (nothing for PASS / RUN or another rule's text). */
function rowFindings(rule: RuleMeta, a: RowAnswer): Got[] {
  if (a.status === undefined || a.status === "PASS" || a.status === "RUN" || a.ruleId !== rule.id) return a.findings;
  return [{ ruleId: rule.id, messageId: a.messageId, data: a.data, line: 0, column: 0, severity: "", doc: "", status: a.status }, ...a.findings];
}

/** The host's steps: optionally write and read the files (bounded reader), then executeValidator. */
function runHost(validator: WasmValidator, c: RuleCase, facts: Facts): Got[] {
  const got: Got[] = [];
  let docs: ContentDoc[] = c.docs.map((d) => ({ file: d.name, kind: KIND[d.kind], flags: d.flags ?? 0, bytes: bytesOf(d) }));
  if (c.read) {
    const root = tmpDir("agentcheck-rt-");
    try {
      docs = [];
      for (const d of c.docs) {
        const abs = join(root, d.name);
        mkdirSync(dirname(abs), { recursive: true });
        if (d.symlink !== undefined) symlinkSync(d.symlink, abs);
        else writeFileSync(abs, bytesOf(d));
        const r = loadFile(abs, d.name, c.read.maxBytes, root);
        if (r.problem) got.push({ ...r.problem, doc: d.name });
        else docs.push({ file: d.name, kind: KIND[d.kind], flags: d.flags ?? 0, bytes: r.bytes! });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  const out = executeValidator(validator, docs, facts);
  for (const r of out.results) for (const f of r.findings) got.push({ ...f, doc: r.file });
  return got;
}

/** The row's label and severities, when the case expects them. */
function checkRowExtras(rule: RuleMeta, c: RuleCase): void {
  if (c.label === undefined && c.severities === undefined) return;
  const a = runRow(rule, c);
  if (c.label !== undefined) {
    expect(a.label, "row label").toBe(c.label);
    expect(Object.keys(rule.messages), "label messageId declared by the rule").toContain(a.label);
  }
  if (c.severities !== undefined) expect(a.severities, "row severities").toEqual(c.severities);
}

/** Runs a case through the core; returns the findings of `rule` (with document names). */
export function runCase(rule: RuleMeta, c: RuleCase): Got[] {
  if (isRow(c)) return rowFindings(rule, runRow(rule, c));
  const validator = (c.validator ?? rule.validator) as WasmValidator;
  const facts = { ...optionFacts(validator, { [rule.id]: c.options ?? {} }), ...(c.facts ?? {}) };
  if (c.host || c.read) return runHost(validator, c, facts).filter((f) => f.ruleId === rule.id);
  const fdocs = factDocs(facts);
  const docs = c.docs.map((d) => ({ name: d.name, kind: KIND[d.kind], flags: d.flags ?? 0, bytes: bytesOf(d) }));
  const raw = runValidator(validator, [...fdocs, ...docs]);
  expect(raw.status, "core status").toBe(0);
  if (c.verdict !== undefined) {
    const own = raw.data.filter((d) => d.docIndex === fdocs.length);
    expect(own.find((d) => d.key === "messageId")?.value, "verdict messageId").toBe(c.verdict);
    expect(Object.keys(rule.messages), "verdict messageId declared by the rule").toContain(c.verdict);
  }
  return raw.findings
    .filter((f) => f.ruleId === rule.id)
    .map((f) => ({ ...f, doc: docs[f.docIndex - fdocs.length]?.name ?? "" }));
}

export function ruleTester(ruleId: string, cases: RuleCases): void {
  const rule = ruleById(ruleId);
  describe(ruleId, () => {
    it(`${ruleId} is declared in the core`, () => expect(rule, `rule ${ruleId}`).toBeDefined());
    if (!rule) return;
    const cov = cover(ruleId);
    for (const c of cases.valid) {
      cov.valid++;
      if (c.row) cov.messageIds.add(c.row.messageId);
      if (c.verdict) cov.messageIds.add(c.verdict);
      if (c.label) cov.messageIds.add(c.label);
      it(`${ruleId} valid: ${c.name}`, () => {
        expect(runCase(rule, c).map((f) => `${f.messageId} ${JSON.stringify(f.data)}`)).toEqual([]);
        checkRowExtras(rule, c);
        if (!isRow(c)) return;
        const a = runRow(rule, c);
        // a findings / overrides phase answers severities, no row status
        if (c.severities === undefined) expect(["PASS", "RUN"], "row status").toContain(a.status);
        else expect(a.status, "row status").toBeUndefined();
        if (c.row) {
          expect(a.ruleId, "rule of the row's text").toBe(ruleId);
          expect(a.messageId).toBe(c.row.messageId);
          expect(Object.keys(rule.messages), "messageId declared by the rule").toContain(a.messageId);
          if (c.row.data) expect(a.data).toMatchObject(c.row.data);
        }
      });
    }
    for (const c of cases.invalid) {
      cov.invalid++;
      for (const e of c.errors) cov.messageIds.add(e.messageId);
      if (c.verdict) cov.messageIds.add(c.verdict);
      if (c.label) cov.messageIds.add(c.label);
      it(`${ruleId} invalid: ${c.name}`, () => {
        checkRowExtras(rule, c);
        const got = runCase(rule, c);
        expect(got.length, `findings: ${JSON.stringify(got.map((f) => [f.messageId, f.data]))}`).toBe(c.errors.length);
        c.errors.forEach((e, i) => {
          const f = got[i];
          expect(f.messageId).toBe(e.messageId);
          expect(Object.keys(rule.messages), "messageId declared by the rule").toContain(f.messageId);
          if (e.line !== undefined) expect(f.line, "line").toBe(e.line);
          if (e.column !== undefined) expect(f.column, "column").toBe(e.column);
          if (e.severity !== undefined) expect(f.severity, "severity").toBe(e.severity);
          if (e.doc !== undefined) expect(f.doc, "document").toBe(e.doc);
          if (e.status !== undefined) expect(f.status, "row status").toBe(e.status);
          if (e.data !== undefined) expect(f.data).toMatchObject(e.data);
        });
      });
    }
  });
}
