// Consistency validator host (port of Validate-Consistency.ps1 / consistency.py): lists the
// planning and roadmap folders, hands every markdown file to the core in one batch, answers the
// core's link questions in a second pass, and turns the per-feature rows into results.
import type { RuleSettings } from "../run-settings.js";
import { KIND, type WasmValidator } from "../wasm/abi.js";
import { runValidator, type DocInput, type RawResult } from "../wasm/loader.js";
import { debugTrapFacts, factDoc, factDocs, failureKind, hostFinding, severityFacts, type ValidatorOutput } from "../engine.js";
import { DiskSource, type FileSource } from "../source.js";
import { verdictOf, type FileResult, type Finding, type Severity } from "../report.js";
import { listMarkdown, readDoc, linkStates } from "./planning-io.js";
import { decodeList, encodeList } from "../wasm/list.js";
import { FLAGS } from "../wasm/contract.js";
import { pushAll } from "../arrays.js";

export const DEFAULT_PLANNING_DIR = ".agents/planning";
export const ROADMAP_DIR = ".agents/roadmap";

/** Opt-in fixes (specs/consistency.md §7.3), as the core's bit set. */
export const FX = { "FX-1": 1, "FX-2": 2, "FX-3": 4, "FX-4": 8, "FX-7": 16, "TR-008": 32, "TR-009": 64 } as const;
export type FixId = keyof typeof FX;
export const PROFILES: Record<string, FixId[]> = {
  // the Python original's behaviour, quirks included (parity with ../shared/corpus/reference)
  reference: [],
  // CO-008 never looks into code spans or fenced blocks (FX-1) outside the reference profile
  default: ["FX-1"],
  recommended: ["FX-1", "FX-2", "FX-3", "FX-4", "FX-7", "TR-008", "TR-009"],
};

export function fixBits(profile: string | undefined, extra: string[] = []): number {
  const p = profile ?? "default";
  const ids = PROFILES[p];
  if (!ids) throw new Error(`unknown profile '${p}' (known: ${Object.keys(PROFILES).join(", ")})`);
  let bits = 0;
  for (const id of [...ids, ...extra]) {
    const b = FX[id as FixId];
    if (b === undefined) throw new Error(`unknown fix '${id}' (known: ${Object.keys(FX).join(", ")})`);
    bits |= b;
  }
  return bits;
}

export interface ConsistencyOptions {
  /** Base path (the reference's --path): absolute. */
  root: string;
  source?: FileSource;
  /** One feature; all discovered features when absent. */
  feature?: string;
  checkpoint?: number;
  /** Bit set from fixBits(). */
  fx?: number;
  maxFileBytes: number;
  /** Planning folder, relative to root (`paths.planning`, default .agents/planning). */
  planningDir?: string;
  /** Report consistency errors as warnings (advisory use in `check`). */
  advisory?: boolean;
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
  /**
   * The run's bytes read from the working tree, by absolute path (AdoptionOptions.sources): the files
   * this validator reads are added, so the inline-directive pass does not read them again.
   */
  sources?: Map<string, Uint8Array>;
}

export interface FeatureRow {
  feature: string;
  passed: boolean;
  checks: { name: string; passed: boolean }[];
  artifacts: { epic: string | null; prd: string | null; tasks: string | null; plan: string | null };
  counters: Record<string, number>;
  findings: Finding[];
}

export interface ConsistencyOutput extends ValidatorOutput {
  features: FeatureRow[];
  checkpoint: number;
}

function run(docs: DocInput[], facts: DocInput[]): RawResult {
  const raw = runValidator("consistency" as WasmValidator, [...facts, ...docs]);
  return raw;
}

function globals(raw: RawResult): Record<string, string> {
  const g: Record<string, string> = {};
  for (const d of raw.data) if (d.docIndex < 0) g[d.key] = d.value;
  return g;
}

export function validateConsistency(opts: ConsistencyOptions): ConsistencyOutput {
  const source = opts.source ?? new DiskSource(opts.root);
  const docs: DocInput[] = [];
  const problems: FileResult[] = [];
  const empty = new Uint8Array(0);
  const PLANNING_DIR = opts.planningDir ?? DEFAULT_PLANNING_DIR;
  for (const [dir, flags] of [[PLANNING_DIR, FLAGS.consistency.PLANNING], [ROADMAP_DIR, FLAGS.consistency.ROADMAP]] as const) {
    for (const name of listMarkdown(source, dir)) docs.push({ name: `${dir}/${name}`, kind: KIND.PLANNING_DOC, flags, bytes: empty });
  }
  docs.push({ name: PLANNING_DIR, kind: KIND.PLANNING_DOC, flags: FLAGS.consistency.ANCHOR, bytes: empty });
  const checkpoint = opts.checkpoint ?? 1;
  const facts: DocInput[] = [factDoc("checkpoint", String(checkpoint)), factDoc("fx", String(opts.fx ?? 0))];
  if (opts.feature !== undefined) facts.push(factDoc("feature", opts.feature));
  // the run's severity policy (advisory, configured overrides): applied by the core, verdicts follow
  pushAll(facts, factDocs(severityFacts("consistency", opts.rules?.severities, opts.advisory ? "advisory" : undefined)));
  // test hook (AGENTCHECK_DEBUG_TRAP), as every validator run through src/engine.ts has it
  pushAll(facts, factDocs(debugTrapFacts({})));
  const out: ConsistencyOutput = { results: problems, global: {}, internalErrors: [], features: [], checkpoint };
  const anchor = docs[docs.length - 1];
  /** The passes over `ds` (reads the files the core needs): the last result, the facts it had, the read problems. */
  const passes = (ds: DocInput[]): { raw: RawResult; facts: DocInput[]; problems: FileResult[] } => {
    const fs = [...facts];
    const probs: FileResult[] = [];
    // pass 1: names only -> which documents are artifacts of some feature; only those are read
    let raw = run(ds, [...fs, factDoc("phase", "names")]);
    const needed = new Set(decodeList(globals(raw).needed ?? ""));
    const unread: string[] = [];
    for (const d of ds) {
      if (!needed.has(d.name)) continue;
      const r = readDoc(source, d.name, d.name, opts.maxFileBytes, opts.sources);
      if (r.problem) {
        probs.push({ file: d.name, validator: "consistency", verdict: "fail", findings: [r.problem] });
        unread.push(d.name);
      } else d.bytes = r.bytes!;
    }
    // files that could not be read: the core knows them by name only and never takes them for empty
    if (unread.length > 0) fs.push(factDoc("unread", encodeList(unread)));
    // pass 2: the checks without link facts. The core takes a link target it has no answer for as
    // no hit (the same as an answer "exists") and asks for it (linkQueries); CO-008/CO-009 are the
    // only readers of the answers. So when the host answers "exists" to every question, this pass's
    // result is the result of the checks run with the answers, and it stands (the questions left
    // out of the result, as that run has none); any other answer: pass 3, the checks with the answers
    // (the targets pass 2 scanned are the ones pass 3 scans: every one it looks at is answered)
    const checks = [...fs];
    raw = run(ds, checks);
    const q = globals(raw).linkQueries;
    if (!q) return { raw, facts: checks, problems: probs };
    const states = linkStates(source, decodeList(q));
    if (states.every((s) => s[1] === "e")) {
      raw.data = raw.data.filter((d) => d.docIndex >= 0 || d.key !== "linkQueries");
      return { raw, facts: checks, problems: probs };
    }
    fs.push(factDoc("linkState", encodeList(states.flat())));
    raw = run(ds, fs);
    return { raw, facts: fs, problems: probs };
  };
  const folderFailure = (e: unknown): ConsistencyOutput => {
    // abort, WebAssembly trap or host exception: one internal error for the folder (the loader has
    // already replaced the instance)
    const kind = failureKind(e);
    const msg = e instanceof Error ? e.message : String(e);
    out.internalErrors.push(`consistency: ${kind}: ${msg}`);
    out.results.push({
      file: PLANNING_DIR, validator: "consistency", verdict: "fail",
      findings: [hostFinding("AC-902", PLANNING_DIR, `validator consistency failed (${kind}): ${msg}`)],
    });
    return out;
  };
  let raw: RawResult;
  let done: ReturnType<typeof passes>;
  try {
    done = passes(docs);
  } catch (e) {
    // a failure on one document (issue 33 item 4): each document runs alone (with the folder); those
    // that fail alone get AC-902 and the folder is judged again without them, so every other result
    // is the one a run without them gives. None failing alone: the folder's AC-902.
    const failed: { d: DocInput; e: unknown }[] = [];
    for (const d of docs.slice(0, -1)) {
      try {
        passes([d, anchor]);
      } catch (e1) {
        failed.push({ d, e: e1 });
      }
    }
    if (failed.length === 0) return folderFailure(e);
    for (const { d, e: e1 } of failed) {
      const kind = failureKind(e1);
      const msg = e1 instanceof Error ? e1.message : String(e1);
      out.internalErrors.push(`consistency: ${d.name}: ${kind}: ${msg}`);
      out.results.push({ file: d.name, validator: "consistency", verdict: "fail", findings: [hostFinding("AC-902", d.name, `validator consistency failed (${kind}): ${msg}`)] });
    }
    const bad = new Set(failed.map((f) => f.d));
    for (let i = docs.length - 1; i >= 0; i--) if (bad.has(docs[i])) docs.splice(i, 1);
    try {
      done = passes(docs);
    } catch (e2) {
      return folderFailure(e2);
    }
  }
  raw = done.raw;
  facts.length = 0;
  pushAll(facts, done.facts);
  pushAll(problems, done.problems);
  const g = globals(raw);
  out.global = g;
  const names = [...facts, ...docs].map((d) => d.name);
  let next = 0;
  // the core's text screen reports AC-002 (not UTF-8 text) first, on documents it then keeps by name
  // only (marked unread): those are file problems, never advisory and never part of a feature's findings
  while (next < raw.findings.length && raw.findings[next].ruleId === "AC-002") {
    const f = raw.findings[next++];
    const file = names[f.docIndex] ?? PLANNING_DIR;
    out.results.push({
      file, validator: "consistency", verdict: "fail",
      findings: [{ ruleId: f.ruleId, severity: f.severity, file, line: f.line, column: f.column, messageId: f.messageId, data: f.data, message: f.message }],
    });
  }
  for (const row of decodeList(g.features ?? "")) {
    const [feature, count, verdict, checks = "", epic, prd, tasks, plan, counters] = decodeList(row);
    const partial = g[`partial.${out.features.length}`] ?? "";
    const findings: Finding[] = [];
    for (const f of raw.findings.slice(next, next + Number(count))) {
      const sev = f.severity as Severity;
      findings.push({
        ruleId: f.ruleId,
        severity: sev,
        file: names[f.docIndex] ?? PLANNING_DIR,
        line: f.line,
        column: f.column,
        messageId: f.messageId,
        data: f.data,
        message: f.message,
      });
    }
    next += Number(count);
    const art = { epic: epic || null, prd: prd || null, tasks: tasks || null, plan: plan || null };
    const ctr: Record<string, number> = {};
    for (const kv of (counters ?? "").split(",")) {
      const i = kv.indexOf("=");
      if (i > 0) ctr[kv.slice(0, i)] = Number(kv.slice(i + 1));
    }
    const fr: FeatureRow = {
      feature,
      passed: verdict === "pass",
      checks: checks.split(",").filter(Boolean).map((c) => ({ name: c.split("=")[0], passed: c.endsWith("=pass") })),
      artifacts: art,
      counters: ctr,
      findings,
    };
    out.features.push(fr);
    const data: Record<string, string> = { feature, verdict, checkpoint: String(checkpoint), checks };
    for (const [k, v] of Object.entries(art)) if (v) data[k] = v;
    for (const [k, v] of Object.entries(ctr)) data[k] = String(v);
    // partial: an artifact could not be read, so the rules reading it did not run (the core's reason)
    const v = verdictOf(findings, partial !== "");
    out.results.push({
      file: prd || tasks || epic || plan || PLANNING_DIR,
      validator: "consistency",
      verdict: v,
      ...(v === "skip" ? { reason: partial } : {}),
      findings,
      data,
    });
  }
  // the core skips the planning folder (the anchor, the last document) with its reason when it
  // checked nothing: --all without any feature, or --feature matching no artifact (whose result is on
  // the planning folder): the run says so instead of passing silently
  const ai = names.length - 1;
  if (raw.docStatus[ai] === "skipped") {
    const reason = raw.data.find((d) => d.docIndex === ai && d.key === "skip")?.value ?? "skipped";
    const own = out.results.find((r) => r.validator === "consistency" && r.file === PLANNING_DIR && r.data?.feature !== undefined);
    if (own && own.verdict === "pass") Object.assign(own, { verdict: "skip", reason });
    else out.results.push({ file: PLANNING_DIR, validator: "consistency", verdict: "skip", reason, findings: [] });
  }
  return out;
}
