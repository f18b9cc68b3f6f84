// Traceability validator host (port of Validate-Traceability.ps1 / traceability.py): lists the
// requirements/, design/ and tasks/ folders of the specs path and runs the core over them in one
// batch. Folders of layouts the validator does not cover are handed over so they show as skips.
import type { RuleSettings } from "../run-settings.js";
import { relative, resolve, sep } from "node:path";
import { KIND } from "../wasm/abi.js";
import { executeValidator, type ContentDoc, type Facts, type SeverityMode, type ValidatorOutput } from "../engine.js";
import { DiskSource, type FileSource } from "../source.js";
import type { FileResult } from "../report.js";
import { listMarkdown, readDoc } from "./planning-io.js";
import { isInside } from "../fsread.js";
import { decodeList } from "../wasm/list.js";
import { FLAGS } from "../wasm/contract.js";
import { pushAll } from "../arrays.js";

export const SPECS_DIR = ".agents/specs";
export const FEATURES_DIR = "docs/features";
const CATEGORIES = ["requirements", "design", "tasks"] as const;

export interface TraceabilityOptions {
  /** Workspace root (absolute). */
  root: string;
  source?: FileSource;
  /** Specs folder: relative to root, or absolute (default .agents/specs). */
  specs?: string;
  /** Bit set from fixBits(). */
  fx?: number;
  /** Severity mode of the run ("strict": warnings are reported as errors). */
  mode?: SeverityMode;
  maxFileBytes: number;
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
  /**
   * The run's bytes read from the working tree, by absolute path (AdoptionOptions.sources): the files
   * this validator reads are added, so the inline-directive pass does not read them again.
   */
  sources?: Map<string, Uint8Array>;
}

export interface TraceabilityOutput extends ValidatorOutput {
  stats: { requirements: number; designs: number; tasks: number; validChains: number };
}

/** Folders of brain's per-feature layout (docs/features/FEAT-*), which this validator does not read. */
export function foreignLayoutDirs(source: FileSource): string[] {
  const entries = source.list(FEATURES_DIR) ?? [];
  return entries.filter((e) => e.type === "dir" && e.name.startsWith("FEAT-")).map((e) => `${FEATURES_DIR}/${e.name}`);
}

export function validateTraceability(opts: TraceabilityOptions): TraceabilityOutput {
  const rootSource = opts.source ?? new DiskSource(opts.root);
  const specsAbs = resolve(opts.root, opts.specs ?? SPECS_DIR);
  const within = isInside(specsAbs, opts.root);
  // a specs folder outside the workspace is read from disk and named by its absolute path
  const source = within ? rootSource : new DiskSource(specsAbs);
  const base = within ? relative(opts.root, specsAbs).split(sep).join("/") : "";
  const display = (p: string) => (within ? p : `${specsAbs.split(sep).join("/")}${p ? `/${p}` : ""}`);
  const docs: ContentDoc[] = [];
  const byFile = new Map<string, [ContentDoc, string]>();
  const problems: FileResult[] = [];
  const empty = new Uint8Array(0);
  CATEGORIES.forEach((cat, flags) => {
    const dir = base ? `${base}/${cat}` : cat;
    for (const name of listMarkdown(source, dir)) {
      const file = display(`${dir}/${name}`);
      const d: ContentDoc = { file, kind: KIND.SPEC_DOC, flags, bytes: empty };
      docs.push(d);
      byFile.set(file, [d, `${dir}/${name}`]);
    }
  });
  if (source.type(base) !== undefined || base === "") docs.push({ file: display(base) || ".", kind: KIND.SPEC_DOC, flags: FLAGS.traceability.ANCHOR, bytes: empty });
  for (const d of foreignLayoutDirs(rootSource)) docs.push({ file: d, kind: KIND.SPEC_DOC, flags: FLAGS.traceability.FOREIGN_LAYOUT, bytes: empty });
  const fx = opts.fx ?? 0;
  // pass 1, names only: the core says which files its rules load (REQ-*.md, DESIGN-*.md, TASK-*.md of
  // their folder); only those are read, so another file of the folder never gives a finding
  const names = executeValidator("traceability", docs, { fx, phase: "names" }, { mode: opts.mode, rules: opts.rules });
  // a file the core failed on (AC-902) keeps that result and is left out of the checks; the other
  // files are judged as without it (issue 33 item 4)
  const failedNames = new Set(names.results.filter((r) => r.findings.some((f) => f.ruleId === "AC-902")).map((r) => r.file));
  if (failedNames.size > 0) {
    pushAll(problems, names.results.filter((r) => failedNames.has(r.file)));
    for (let i = docs.length - 1; i >= 0; i--) if (failedNames.has(docs[i].file)) docs.splice(i, 1);
  }
  const unread: string[] = [];
  for (const file of decodeList(names.global.needed ?? "")) {
    const e = byFile.get(file);
    if (!e) continue;
    const [d, rel] = e;
    const r = readDoc(source, rel, file, opts.maxFileBytes, opts.sources);
    if (r.problem) {
      // the file's own result carries the problem; the core knows it by name only (its rules never
      // take it for empty)
      problems.push({ file: r.problem.file, validator: "traceability", verdict: "fail", findings: [r.problem] });
      unread.push(file);
    } else d.bytes = r.bytes!;
  }
  const facts: Facts = { fx };
  if (unread.length > 0) facts.unread = unread;
  const out = executeValidator("traceability", docs, facts, { mode: opts.mode, rules: opts.rules }) as TraceabilityOutput;
  pushAll(out.results, problems);
  out.internalErrors = names.internalErrors.concat(out.internalErrors);
  const [requirements, designs, tasks, validChains] = (out.global.stats ?? "0 0 0 0").split(" ").map(Number);
  out.stats = { requirements, designs, tasks, validChains };
  return out;
}
