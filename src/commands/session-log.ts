// no commander here: the lean path (src/check-cli.ts) runs this command too
import { finish, parseOutputOptions, prepareRun, type OutputOptions } from "../output.js";
import { UsageError } from "../report.js";
import { msNow } from "../stdio.js";
import type { SessionContext } from "../scope.js";

export interface SessionLogCliOptions extends OutputOptions {
  mode?: string;
  now?: string;
  strict?: boolean;
  context?: string;
  base?: string;
  cutoff?: string;
  memoriesDir?: string;
}

export async function runSessionLogCommand(paths: string[], o: SessionLogCliOptions): Promise<number> {
  const started = msNow();
  const { isSessionContext, parseSessionMode } = await import("../scope.js");
  const mode = parseSessionMode(o.mode || undefined);
  if (o.context && !isSessionContext(o.context)) {
    throw new UsageError(`--context must be pre-commit, ci or local, got '${o.context}'`);
  }
  const { findRepoRoot } = await import("../repo.js");
  const run = await prepareRun(parseOutputOptions(o), findRepoRoot(process.cwd()) ?? process.cwd());
  const { validateSessionLogs } = await import("../validators/session-log.js");
  const dirs = run.paths;
  const out = await validateSessionLogs({
    cwd: process.cwd(),
    paths,
    mode,
    maxFileBytes: run.output.maxFileBytes,
    now: run.now,
    strict: o.strict === true,
    context: o.context as SessionContext | undefined,
    base: o.base ?? process.env.AGENTCHECK_BASE_REF,
    cutoff: (await import("../scope.js")).cutoffOption(o.cutoff),
    sessionsDir: dirs.sessions,
    memoriesDir: o.memoriesDir ?? dirs.memories,
    sources: run.adoption.sources,
    rules: run.rules,
  });
  return finish(out.results, started, out.internalErrors, run);
}
