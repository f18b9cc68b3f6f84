// The commit hook's checks of staged files that are no validator's artifacts of their own (issue 38
// item 3): what upstream runs at pre-commit on the same kinds of file, through the rules pre-pr runs
// on the branch, so both commands give one answer about a file:
//   memoryHealth       memories below paths.memories: MEM-01..03 (PP-017), a memory the commit adds
//                      is "new" (MEM-01 blocks it), a modified one only warns
//   actionPins         staged workflows and actions: PIN-01 (PP-009)
//   workflowStructure  staged workflows and actions: WFS-01..11 (PP-010), job timeouts (WFS-11) among them
//   commandSize        staged slash-command files (`*.md` directly in CMD-01's option dir): CMD-01 (PP-019),
//                      upstream's lefthook command-size
//   markdownLint       staged markdown: markdownlint with the repository's configuration through the
//                      pre-pr lint cache (PP-003); on by default only when the repository has a
//                      markdownlint configuration
// Each is switched in validators.commitChecks; content is read from the source (the index under --staged).
import type { RuleSettings } from "../run-settings.js";
import { executeValidator, hostFinding, readArtifact, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import { InternalError, type FileResult, type Finding } from "../report.js";
import { KIND, PREPR_ROLE as ROLE } from "../wasm/abi.js";
import { selectWorkflowFiles, workflowDocs, yamlErrors } from "../prepr/workflow-files.js";
import type { Config } from "../config.js";
import type { FileSource } from "../source.js";
import type { RunScope } from "../scope.js";
import { isMarkdown } from "../glob.js";
import { commandsDir, selectCommandFiles } from "../prepr/command-files.js";

export const COMMIT_CHECKS = ["memoryHealth", "actionPins", "workflowStructure", "commandSize", "markdownLint"] as const;
export type CommitCheck = (typeof COMMIT_CHECKS)[number];
const VALIDATOR = "commit-checks";

export interface CommitChecksInput {
  root: string;
  source: FileSource;
  maxFileBytes: number;
  scope: RunScope;
  config: Config | undefined;
  memoriesDir: string;
  noCache?: boolean;
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
}

/** The switch of `check` in the configuration (validators.commitChecks.<check>); undefined = its default. */
function setting(config: Config | undefined, check: CommitCheck): boolean | undefined {
  return config?.validators?.commitChecks?.[check];
}

/** The staged files each check reads (the core's "select" family picks the workflows and actions). */
function filesOf(scope: RunScope, memoriesDir: string, cmdDir: string): { memories: string[]; commands: string[]; workflows: { rel: string; role: number }[]; markdown: string[] } {
  return {
    memories: scope.files.filter((p) => p.startsWith(`${memoriesDir}/`) && p.toLowerCase().endsWith(".md")),
    commands: selectCommandFiles(scope.files, cmdDir),
    workflows: workflowDocs(selectWorkflowFiles(scope.files)),
    markdown: scope.files.filter(isMarkdown),
  };
}

/** True when a check that is not switched off has staged files to read (the registry's detect). */
export function commitChecksApply(scope: RunScope, memoriesDir: string, config: Config | undefined, rules: RuleSettings | undefined): boolean {
  const f = filesOf(scope, memoriesDir, commandsDir(rules?.options));
  const on = (c: CommitCheck) => setting(config, c) !== false;
  return (on("memoryHealth") && f.memories.length > 0) || (on("commandSize") && f.commands.length > 0) || ((on("actionPins") || on("workflowStructure")) && f.workflows.length > 0) ||
    (on("markdownLint") && f.markdown.length > 0);
}

function result(file: string, findings: Finding[]): FileResult {
  return { file, validator: VALIDATOR, verdict: findings.some((f) => f.severity === "error") ? "fail" : "pass", findings };
}

/** The staged texts of `files`; a file that cannot be read is its AC-900/AC-901 result. */
function readAll(input: CommitChecksInput, files: string[], results: FileResult[]): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  input.source.prefetch?.(files); // the index: one git process for the batch
  for (const rel of files) {
    const lf = readArtifact(input.source, rel, input.maxFileBytes);
    if (lf.problem) results.push(result(rel, [lf.problem]));
    else out.set(rel, lf.bytes!);
  }
  return out;
}

/** One rule family of the pre-pr core over the files read (the same rules pre-pr runs on the branch). */
function runFamily(input: CommitChecksInput, family: string, files: { rel: string; role: number }[], bytes: Map<string, Uint8Array>, facts: Facts, results: FileResult[]): void {
  const docs: ContentDoc[] = [];
  for (const f of files) {
    const b = bytes.get(f.rel);
    if (b) docs.push({ file: f.rel, kind: KIND.PREPR_FILE, flags: f.role, bytes: b });
  }
  if (docs.length === 0) return;
  const out = executeValidator("pre-pr", docs, { ...facts, family }, { separable: true, rules: input.rules });
  if (out.internalErrors.length > 0) throw new InternalError(`internal error: ${out.internalErrors.join("; ")}`);
  for (const r of out.results) results.push({ ...r, validator: VALIDATOR });
}

/** Every check that applies to the staged kinds, as one validator's results (one result per file and check). */
export async function validateCommitFiles(input: CommitChecksInput): Promise<ValidatorOutput> {
  const { scope, config } = input;
  const files = filesOf(scope, input.memoriesDir, commandsDir(input.rules?.options));
  const results: FileResult[] = [];
  const on = (c: CommitCheck) => setting(config, c) !== false;
  if (on("memoryHealth") && files.memories.length > 0) {
    // a memory the commit adds is new (MEM-01 blocks it), a modified one only warns (upstream's hook)
    const docs = files.memories.map((rel) => ({ rel, role: scope.status[rel] === "A" ? ROLE.memoryNew : ROLE.memory }));
    runFamily(input, "mem", docs, readAll(input, files.memories, results), {}, results);
  }
  if (on("commandSize") && files.commands.length > 0) {
    runFamily(input, "cmd", files.commands.map((rel) => ({ rel, role: ROLE.command })), readAll(input, files.commands, results), {}, results);
  }
  const pins = on("actionPins");
  const structure = on("workflowStructure");
  if ((pins || structure) && files.workflows.length > 0) {
    const bytes = readAll(input, files.workflows.map((f) => f.rel), results);
    if (pins) runFamily(input, "pin", files.workflows, bytes, {}, results);
    if (structure) {
      const errors = await yamlErrors(files.workflows.map((f) => f.rel), (rel) => (bytes.has(rel) ? new TextDecoder().decode(bytes.get(rel)) : undefined));
      runFamily(input, "wfs", files.workflows, bytes, { yamlErrors: errors }, results);
    }
  }
  const md = setting(config, "markdownLint");
  if (md !== false && files.markdown.length > 0) {
    const dec = new TextDecoder("utf-8", { fatal: true });
    const read = (rels: string[]): Map<string, string> => {
      const texts = new Map<string, string>();
      for (const [rel, bytes] of readAll(input, rels, results)) {
        try {
          texts.set(rel, dec.decode(bytes));
        } catch {
          results.push(result(rel, [hostFinding("AC-002", rel, "not UTF-8 text: not linted")]));
        }
      }
      return texts;
    };
    // markdownlint stays out of the hook's bundle: loaded (from dist/) only when markdown is staged
    const { lintStagedMarkdown } = await import("../prepr/staged-markdown.js");
    const lint = await lintStagedMarkdown(input.root, files.markdown, read, md === true, input.noCache, input.rules);
    const byFile = new Map<string, Finding[]>();
    for (const f of lint?.findings ?? []) {
      const fs = byFile.get(f.file);
      if (fs) fs.push(f);
      else byFile.set(f.file, [f]);
    }
    // a linted file without findings is a checked file (a pass), never "nothing to check"; a file the
    // configuration excludes was not linted and gets no result
    for (const file of lint?.linted ?? []) if (!byFile.has(file) && !results.some((r) => r.file === file)) byFile.set(file, []);
    for (const [file, fs] of byFile) results.push(result(file, fs));
  }
  return { results, global: {}, internalErrors: [] };
}
