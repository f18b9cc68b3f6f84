// Markdown lint of the files a commit stages (check --staged, validators.commitChecks.markdownLint):
// PP-003's lint with the repository's markdownlint configuration and the same lint cache in the git
// directory, on the staged text. Loaded only when markdown is staged (the hook's bundle carries no
// markdownlint: scripts/bundle-cli.mjs loads this module from dist/).
import type { RuleSettings } from "../run-settings.js";
import type { Finding } from "../report.js";
import { cacheFilePath } from "./cache-dir.js";
import { lintMarkdown, loadMdConfigCached, releaseLintWorker, selectMarkdown } from "./markdown.js";

/**
 * Findings of the staged markdown `files`, or undefined when the check does not apply: no markdownlint
 * configuration in the repository and `force` not set (the lint's defaults, such as an 80-column line
 * limit, are no rule a repository chose). `read` gives the staged texts of the files the configuration
 * selects (one batch); a file it cannot read is left out (the caller reports why).
 */
export async function lintStagedMarkdown(
  root: string, files: string[], read: (rels: string[]) => Map<string, string>, force: boolean, noCache = false, rules?: RuleSettings,
): Promise<{ findings: Finding[]; linted: string[] } | undefined> {
  const cacheFile = noCache ? undefined : cacheFilePath(root, "markdownlint-cache.json");
  const cfg = await loadMdConfigCached(root, cacheFile);
  if (cfg.sources.length === 0 && !force) return undefined;
  const { selected } = selectMarkdown(files, cfg, false);
  const texts = selected.length === 0 ? new Map<string, string>() : read(selected);
  if (texts.size === 0) return { findings: [], linted: [] };
  try {
    const res = await lintMarkdown(root, [...texts.keys()], cfg, false, (rel) => texts.get(rel)!, cacheFile, { rules });
    return { findings: res.findings, linted: [...texts.keys()] };
  } finally {
    releaseLintWorker();
  }
}
