import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { finish, parseOutputOptions, prepareRun, type OutputOptions } from "../output.js";
import { UsageError } from "../report.js";
import { findRepoRoot } from "../repo.js";
import { msNow } from "../stdio.js";

export interface ConsistencyCliOptions extends OutputOptions {
  all?: boolean;
  feature?: string;
  checkpoint?: string;
  path?: string;
  profile?: string;
  enable?: string;
  advisory?: boolean;
}

export function parseEnable(v: string | undefined): string[] {
  return v ? v.split(",").map((s) => s.trim()).filter(Boolean) : [];
}

export async function runConsistencyCommand(o: ConsistencyCliOptions): Promise<number> {
  const started = msNow();
  if (o.all && o.feature !== undefined) throw new UsageError("use either --all or --feature, not both");
  if (!o.all && o.feature === undefined) throw new UsageError("one of --all or --feature NAME is required");
  if (o.feature !== undefined && (o.feature === "" || /[\\/]|\.\./.test(o.feature))) {
    throw new UsageError(`--feature must be a plain name (no empty value, '/', '\\' or '..'), got '${o.feature}'`);
  }
  const cp = o.checkpoint ?? "1";
  if (cp !== "1" && cp !== "2") throw new UsageError(`--checkpoint must be 1 or 2, got '${cp}'`);
  const cwd = process.cwd();
  const root = o.path !== undefined ? resolve(cwd, o.path) : (findRepoRoot(cwd) ?? cwd);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`path not found or not a directory: ${o.path ?? root}`);
  const run = await prepareRun(parseOutputOptions(o), root);
  const { validateConsistency, fixBits } = await import("../validators/consistency.js");
  let fx: number;
  try {
    fx = fixBits(o.profile, parseEnable(o.enable));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const out = validateConsistency({
    root, feature: o.feature, checkpoint: Number(cp), fx, maxFileBytes: run.output.maxFileBytes, advisory: o.advisory,
    planningDir: run.paths.planning, rules: run.rules, sources: run.adoption.sources,
  });
  return finish(out.results, started, out.internalErrors, run);
}
