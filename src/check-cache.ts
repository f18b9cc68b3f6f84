// `check --cache`: where the core-result cache of a `check` run is kept (src/core-cache.ts holds the
// cache itself). Resolved once from --cache/--cache-location at the top of the run.
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "./report.js";
import { writeErr } from "./stdio.js";

/** The file `check --cache` keeps its results in (the git directory's, or --cache-location's). */
const CACHE_FILE = "check-cache.json";
/** The file in a folder given as --cache-location. */
const CACHE_FILE_IN_FOLDER = "agentcheck-cache.json";

/**
 * Open `check --cache`'s core-result cache: --cache-location (a file, or a folder), confined as a named
 * output file is (the repository when inside it, else its folder); by default
 * <git common dir>/agentcheck/check-cache.json, never in the work tree. Without a repository or a
 * location the run is not cached, and says so.
 */
export async function openCheckCache(root: string, cwd: string, location: string | undefined) {
  const cache = await import("./core-cache.js");
  const warn = (m: string) => writeErr(`agentcheck: --cache: ${m}\n`);
  if (location !== undefined) {
    if (location === "") throw new UsageError("--cache-location must be a file or folder path");
    let file = resolve(cwd, location);
    if (isDir(file)) file = join(file, CACHE_FILE_IN_FOLDER);
    else if (!isDir(dirname(file))) throw new UsageError(`--cache-location: the folder ${dirname(file)} does not exist`);
    const { namedFileRoot } = await import("./fswrite.js");
    return { mod: cache, cache: cache.openCoreCache(file, { confine: { root: namedFileRoot(file, root), durable: false }, warn }) };
  }
  const { cacheFilePath } = await import("./prepr/cache-dir.js");
  const file = cacheFilePath(root, CACHE_FILE);
  if (file === undefined) {
    warn("no git directory to keep the cache in (give --cache-location); running without a cache");
    return undefined;
  }
  return { mod: cache, cache: cache.openCoreCache(file, { warn }) };
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
