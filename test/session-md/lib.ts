// Helpers for the markdown session-log tests: build logs, run the WASM core directly with facts.
import { runValidator, ruleTable } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { decodeList } from "../../dist/wasm/list.js";

const enc = new TextEncoder();

export interface F {
  rule: string;
  severity: string;
  line: number;
  message: string;
}
export interface Out {
  findings: F[];
  data: Record<string, string>;
  status: string;
}

export type FactMap = Record<string, string | string[] | boolean>;

export const NAME = ".agents/sessions/2026-01-05-session-42.md";

/** Run the session-log validator on one markdown log (plus optional extra docs) with facts. */
export function check(text: string, facts: FactMap = {}, opts: { name?: string; kind?: number; flags?: number; protocol?: string } = {}): Out {
  const docs = Object.entries(facts).map(([k, v]) => ({
    name: k,
    kind: KIND.FACT,
    bytes: enc.encode(Array.isArray(v) ? v.join("\n") : typeof v === "boolean" ? (v ? "1" : "0") : v),
  }));
  const nf = docs.length;
  docs.push({ name: opts.name ?? NAME, kind: opts.kind ?? KIND.SESSION_MD, flags: opts.flags ?? 0, bytes: enc.encode(text) } as never);
  if (opts.protocol !== undefined) docs.push({ name: ".agents/SESSION-PROTOCOL.md", kind: KIND.PROTOCOL, bytes: enc.encode(opts.protocol) });
  const raw = runValidator("session-log", docs);
  const rules = ruleTable();
  const findings = raw.findings
    .filter((f) => f.docIndex === nf)
    .map((f) => ({ rule: f.ruleId, severity: f.severity, line: f.line, message: f.message }));
  const data: Record<string, string> = {};
  for (const d of raw.data) if (d.docIndex === nf) data[d.key] = d.value;
  return { findings, data, status: raw.docStatus[nf] };
}

export const ids = (o: Out, sev?: string) => o.findings.filter((f) => !sev || f.severity === sev).map((f) => f.rule);
export const errors = (o: Out) => o.findings.filter((f) => f.severity === "error");
export const of = (o: Out, rule: string) => o.findings.filter((f) => f.rule === rule);

/** Parsed checklist rows of a log (pass-1 dump): [line, req, step, status, evidence]. */
export function rows(text: string): { start: string[][]; end: string[][] } {
  const [start, end] = decodeList(check(text, { phase: "extract", "debug.rows": true }).data.rows ?? "");
  const split = (checklist: string | undefined) => decodeList(checklist ?? "").map((row) => decodeList(row));
  return { start: split(start), end: split(end) };
}

export const HEADER = "| Req | Step | Status | Evidence |\n|-----|------|--------|----------|";

export interface LogParts {
  start?: string[];
  end?: string[];
  info?: string;
  extra?: string;
  startHeading?: string;
  endHeading?: string;
  compliance?: boolean;
  /** The "Commits This Session" section (default: one commit). */
  commits?: string;
}

/** A log following the template; `start`/`end` are table rows ("| MUST | step | [x] | ev |"). */
export function mdLog(p: LogParts = {}): string {
  const start = p.start ?? [
    "| MUST | Read memory-index, load task-relevant memories | [x] | memory-index |",
    "| MUST | Confirm not on main/master | [x] | On feat/x |",
  ];
  const end = p.end ?? [
    "| MUST | Route to qa agent (feature implementation) | [x] | QA report: `.agents/qa/042-parser.md` |",
    "| MUST | Commit all changes (including .serena/memories) | [x] | Commit SHA: `abc1234` |",
    "| MUST NOT | Update `.agents/HANDOFF.md` directly | [x] | HANDOFF.md unchanged |",
  ];
  return [
    "# Session 42 - 2026-01-05",
    "",
    "## Session Info",
    "",
    p.info ?? "- **Date**: 2026-01-05\n- **Branch**: feat/x\n- **Starting Commit**: `a1b2c3d`\n- **Objective**: test",
    "",
    p.compliance === false ? "" : "## Protocol Compliance",
    "",
    p.startHeading ?? "### Session Start (COMPLETE ALL before work)",
    "",
    HEADER,
    ...start,
    "",
    "## Work Log",
    "",
    "Did things.",
    "",
    p.endHeading ?? "## Session End (COMPLETE ALL before closing)",
    "",
    HEADER,
    ...end,
    "",
    p.commits ?? "### Commits This Session\n\n- `abc1234` - feat: things",
    "",
    p.extra ?? "",
  ].join("\n");
}

/** Facts that make a clean log pass: memories known, QA report present, git known, HANDOFF unchanged. */
export const OK: FactMap = {
  memories: ["memory-index", "skills-pr-review-index"],
  "path..agents/qa/042-parser.md": "file",
  git: true,
  "handoff.exists": true,
  "handoff.changed": false,
};

/** The Session End rows of a log created from the template at session start: nothing done yet. */
export const OPEN_END = [
  "| MUST | Route to qa agent (feature implementation) | [ ] | |",
  "| MUST | Commit all changes (including .serena/memories) | [ ] | Commit SHA: _______ |",
  "| MUST NOT | Update `.agents/HANDOFF.md` directly | [ ] | |",
];

/** A log as created from the template at session start: Session Start done, Session End open, no commits. */
export function freshMdLog(p: LogParts = {}): string {
  return mdLog({ end: OPEN_END, commits: "", ...p });
}
