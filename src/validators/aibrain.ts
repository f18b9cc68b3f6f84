// Host of the .aibrain validator (rules AB-*, in the WebAssembly core): lists the task checkpoints
// (.aibrain/session-*.md and the archive .aibrain/sessions/archive/*.md) through the run's FileSource and
// hands their bytes to the core. Unreadable or oversized files are reported, never passed.
import type { RuleSettings } from "../run-settings.js";
import { KIND, type WasmValidator } from "../wasm/abi.js";
import { NOTE_MAX_BYTES } from "../fsread.js";
import { executeValidator, type ContentDoc, type ValidatorOutput } from "../engine.js";
import type { FileSource } from "../source.js";
import type { FileResult } from "../report.js";
import { listMarkdown, readDoc } from "./planning-io.js";
import { FLAGS } from "../wasm/contract.js";
import { pushAll } from "../arrays.js";

export const AIBRAIN_ARCHIVED_FLAG = FLAGS.aibrain.ARCHIVED;

export interface AibrainCheckOptions {
  source: FileSource;
  maxFileBytes: number;
  /** Restrict to these repo-relative files (staged / changed / given). */
  files?: string[];
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
}

/**
 * Checkpoint files of the workspace: active (session-*.md) and archived (*.md), repo-relative. A
 * folder with a checkpoint's name is listed too: `task load` and `task list` fail on it, so it is a
 * failing result here (AC-901), never "0 files checked".
 */
export function aibrainFiles(source: FileSource): { file: string; archived: boolean }[] {
  const out: { file: string; archived: boolean }[] = [];
  for (const n of listMarkdown(source, ".aibrain", { folders: true })) if (n.startsWith("session-")) out.push({ file: `.aibrain/${n}`, archived: false });
  for (const n of listMarkdown(source, ".aibrain/sessions/archive", { folders: true })) out.push({ file: `.aibrain/sessions/archive/${n}`, archived: true });
  return out;
}

export async function validateAibrain(o: AibrainCheckOptions): Promise<ValidatorOutput> {
  let files = aibrainFiles(o.source);
  if (o.files) {
    const keep = new Set(o.files);
    files = files.filter((f) => keep.has(f.file));
  }
  const docs: ContentDoc[] = [];
  const problems: FileResult[] = [];
  for (const f of files) {
    // the checkpoint store reads at most NOTE_MAX_BYTES (task load refuses a larger file): so does check
    const r = readDoc(o.source, f.file, f.file, Math.min(o.maxFileBytes, NOTE_MAX_BYTES));
    if (r.problem) problems.push({ file: f.file, validator: "aibrain", verdict: "fail", findings: [r.problem] });
    else docs.push({ file: f.file, kind: KIND.AIBRAIN, flags: f.archived ? AIBRAIN_ARCHIVED_FLAG : 0, bytes: r.bytes! });
  }
  const out = docs.length ? executeValidator("aibrain" as WasmValidator, docs, {}, { separable: true, rules: o.rules }) : { results: [], global: {}, internalErrors: [] };
  pushAll(out.results, problems);
  out.results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}
