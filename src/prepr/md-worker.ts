// Worker thread for markdown lint (PP-003, session end): lints the files it is given one at a time
// and posts each file's errors, so that the parent's watchdog can stop a file that makes
// markdownlint run away (deep nesting, huge tables) without losing the files already done.
// The job comes as workerData, or, for a worker started ahead of need (prewarmLintWorker in
// markdown.ts: markdownlint loads while the main thread still computes the scope), as the first message.
import { parentPort, workerData } from "node:worker_threads";
import { lint } from "markdownlint/sync";

interface Job {
  /** name, text, and the index of the file's configuration in `configs` (markdownlint-cli2 overrides) */
  files: [string, string, number][];
  configs: Record<string, unknown>[];
}

function run(job: Job): void {
  for (const [name, text, k] of job.files) {
    parentPort!.postMessage({ started: name });
    const res = lint({ strings: { [name]: text }, config: job.configs[k] as never }) as unknown as Record<string, unknown[]>;
    // plain objects only (fixInfo included) so the result survives the structured clone
    parentPort!.postMessage({ file: name, errors: JSON.parse(JSON.stringify(res[name] ?? [])) });
  }
  // the bundled worker's loader keeps a code cache of what the lint compiled (md-worker-load.cjs)
  (globalThis as { __agentcheckLintDone?: () => void }).__agentcheckLintDone?.();
  parentPort!.postMessage({ done: true });
}

const data = workerData as Job | undefined;
if (data && Array.isArray(data.files)) run(data);
else parentPort!.once("message", (job: Job) => run(job));
