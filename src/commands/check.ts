import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { finish, type OutputOptions } from "../output.js";
import { maxFileBytes } from "./common.js";
import { UsageError, type FileResult } from "../report.js";
import { findRepoRoot } from "../repo.js";
import { WORKSPACE_VALIDATORS } from "../validators/registry.js";
import { DiskSource } from "../source.js";
import { applyConfigToResults, loadConfig, validatorOptions, validatorSection } from "../config.js";

export interface CheckCliOptions extends OutputOptions {
  now?: string;
  config?: string;
  [key: string]: unknown;
}

export async function runCheckCommand(dir: string | undefined, o: CheckCliOptions): Promise<number> {
  const started = performance.now();
  const target = resolve(process.cwd(), dir ?? ".");
  if (!existsSync(target) || !statSync(target).isDirectory()) {
    throw new UsageError(`not a directory: ${dir ?? "."}`);
  }
  // An explicit directory is the workspace; without one, the enclosing repository is.
  const root = dir ? target : (findRepoRoot(target) ?? target);
  const { config } = await loadConfig(root, o.config);
  const ctx = { root, source: new DiskSource(root), maxFileBytes: maxFileBytes(o), now: o.now, options: o as Record<string, unknown>, config };
  const results: FileResult[] = [];
  const internal: string[] = [];
  for (const v of WORKSPACE_VALIDATORS) {
    if (validatorSection(config, v.name)?.enabled === false) {
      results.push({ file: ".", validator: v.name, verdict: "skip", reason: "disabled in the configuration", findings: [] });
      continue;
    }
    const vctx = { ...ctx, options: validatorOptions(config, v.name, ctx.options) };
    const d = v.detect(vctx);
    if (!d.applies) {
      results.push({ file: ".", validator: v.name, verdict: "skip", reason: d.reason ?? "not applicable", findings: [] });
      continue;
    }
    const out = await v.run(vctx);
    results.push(...applyConfigToResults(config, v.name, out.results));
    internal.push(...out.internalErrors);
  }
  return finish(results, started, o, internal);
}
