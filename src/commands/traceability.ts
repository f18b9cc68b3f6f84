import { existsSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { finish, parseOutputOptions, prepareRun, type OutputOptions } from "../output.js";
import { UsageError } from "../report.js";
import { findRepoRoot } from "../repo.js";
import { parseEnable } from "./consistency.js";
import { msNow } from "../stdio.js";
import { isInside, realish } from "../fsread.js";

export interface TraceabilityCliOptions extends OutputOptions {
  specs?: string;
  specsPath?: string;
  strict?: boolean;
  profile?: string;
  enable?: string;
}

/** p lies in root, both with their symlinks resolved (Python's Path.resolve), compared by path
 * components: a folder named `..specs` is inside (KB-T10), a link to a folder outside is not. */
function within(p: string, root: string): boolean {
  return isInside(realish(p), realish(root));
}

export async function runTraceabilityCommand(o: TraceabilityCliOptions): Promise<number> {
  const started = msNow();
  const cwd = process.cwd();
  const repo = findRepoRoot(cwd);
  const root = repo ?? cwd;
  const run = await prepareRun(parseOutputOptions(o), root);
  const arg = o.specs ?? o.specsPath;
  let specsAbs: string;
  if (arg === undefined) specsAbs = resolve(root, run.paths.specs);
  else {
    specsAbs = resolve(cwd, arg);
    // relative paths must stay inside the repository (or the working directory when there is none)
    if (!isAbsolute(arg) && (repo ? !within(specsAbs, repo) : arg.includes("..") && !within(specsAbs, cwd))) {
      throw new UsageError(`Path traversal attempt detected: specs path '${arg}' is outside ${repo ? "the repository" : "the working directory"}`);
    }
  }
  if (!existsSync(specsAbs) || !statSync(specsAbs).isDirectory()) throw new UsageError(`Specs path not found: ${arg ?? specsAbs}`);
  const { validateTraceability } = await import("../validators/traceability.js");
  const { fixBits } = await import("../validators/consistency.js");
  let fx: number;
  try {
    fx = fixBits(o.profile, parseEnable(o.enable));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  // --strict: warnings fail the run, promoted to errors by the core's severity policy, so the
  // report's verdicts say what the exit code says
  const out = validateTraceability({ root, specs: specsAbs, fx, maxFileBytes: run.output.maxFileBytes, mode: o.strict ? "strict" : undefined, rules: run.rules, sources: run.adoption.sources });
  return finish(out.results, started, out.internalErrors, run);
}
