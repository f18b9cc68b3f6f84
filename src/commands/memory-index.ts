import { existsSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { finish, parseOutputOptions, prepareRun, type OutputOptions } from "../output.js";
import { UsageError } from "../report.js";
import { findRepoRoot } from "../repo.js";
import { DiskSource } from "../source.js";
import { msNow } from "../stdio.js";

export interface MemoryIndexCliOptions extends OutputOptions {
  dir?: string;
  layout?: string;
  orphans?: string;
  naming?: string;
}

export async function runMemoryIndexCommand(o: MemoryIndexCliOptions): Promise<number> {
  const started = msNow();
  const { validateMemoryIndexDir, checkLevel } = await import("../validators/memory-index.js");
  if (o.layout !== undefined && o.layout !== "reference" && o.layout !== "current" && o.layout !== "auto") {
    throw new UsageError(`--layout must be auto, reference or current, got '${o.layout}'`);
  }
  const bad = checkLevel("orphans", o.orphans) ?? checkLevel("naming", o.naming);
  if (bad) throw new UsageError(bad);
  const cwd = process.cwd();
  const repo = findRepoRoot(cwd) ?? cwd;
  // ignores and the baseline are repository-relative; the memory folder's own results are folder-relative
  // the reference prints the keyword uniqueness table: the memory-index command keeps it by default
  const run = await prepareRun(parseOutputOptions({ ...o, verbose: o.verbose ?? true }), repo);
  const given = o.dir ?? (process.env.MEMORY_PATH || undefined);
  const abs = given !== undefined ? resolve(cwd, given) : resolve(repo, run.paths.memories);
  if (!existsSync(abs)) throw new UsageError(`memory directory not found: ${abs}`);
  if (!statSync(abs).isDirectory()) throw new UsageError(`not a directory: ${abs}`);
  // results name files repository-relative when the folder is inside the repository (as `check` and
  // `session-log` do, from whichever subdirectory the command runs), and then the configuration's
  // ignores and inline directives apply as in `check`; a folder outside it (or the repository root
  // itself) is named relative to the working directory when below it, else by its absolute path, and
  // its names are not the ones the ignore patterns are written against, so those are left off
  const inRepo = relative(repo, abs);
  const insideRepo = inRepo !== "" && !inRepo.startsWith("..") && !isAbsolute(inRepo);
  const rel = insideRepo ? inRepo : relative(cwd, abs);
  const display = rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? abs.split(sep).join("/") : rel.split(sep).join("/");
  if (!insideRepo) {
    run.adoption.ignores = undefined;
    run.adoption.directives = false;
  }
  // validators.memoryIndex.{layout,orphans,naming} as `check` reads them; a flag overrides
  const { validatorOptions } = await import("../config.js");
  const level = (v: unknown) => (v === "warn" || v === "error" || v === "off" ? v : undefined);
  const layout = (v: unknown) => (v === "current" || v === "reference" || v === "auto" ? v : undefined);
  // (the flags were checked above: these keep every value given)
  const vo = validatorOptions(run.config, "memory-index", { layout: layout(o.layout), orphans: level(o.orphans), naming: level(o.naming) });
  const out = validateMemoryIndexDir({
    source: new DiskSource(abs),
    dir: "",
    display,
    layout: vo.layout,
    orphans: vo.orphans,
    naming: vo.naming,
    maxFileBytes: run.output.maxFileBytes,
    rules: run.rules,
    sources: run.adoption.sources,
    entries: run.adoption.entries,
  });
  return finish(out.results, started, out.internalErrors, run);
}

/** Flags of `memory-index` (commander syntax) for the lean start path; see src/lean.ts. */
export const MEMORY_INDEX_FLAGS = [
  "-f, --format <name>", "-o, --output-file <path>", "--max-warnings <n>", "-q, --quiet", "--verbose", "--color", "--no-color",
  "--max-file-size <bytes>", "--now <iso>", "--dir <dir>", "--layout <layout>", "--orphans <level>", "--naming <level>",
];
