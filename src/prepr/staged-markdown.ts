// Markdown lint of the files a commit stages (check --staged, validators.commitChecks.markdownLint):
// PP-003's lint with the repository's markdownlint configuration and the same lint cache in the git
// directory, on the staged text. Loaded only when markdown is staged (the hook's bundle carries no
// markdownlint: scripts/bundle-cli.mjs loads this module from dist/).
import type { Finding } from "../report.js";
import { cacheFilePath } from "./cache-dir.js";
import { lintMarkdown, loadMdConfigCached, releaseLintWorker, selectMarkdown } from "./markdown.js";

/**
 * Findings of the staged markdown files `texts` (path -> staged text), or undefined when the check
 * does not apply: no markdownlint configuration in the repository and `force` not set (the lint's
 * defaults, such as an 80-column line limit, are no rule a repository chose).
 */
export async function lintStagedMarkdown(root: string, texts: Map<string, string>, force: boolean, noCache = false): Promise<Finding[] | undefined> {
  const cacheFile = noCache ? undefined : cacheFilePath(root, "markdownlint-cache.json");
  const cfg = await loadMdConfigCached(root, cacheFile);
  if (cfg.sources.length === 0 && !force) return undefined;
  const { selected } = selectMarkdown([...texts.keys()], cfg, false);
  if (selected.length === 0) return [];
  try {
    const res = await lintMarkdown(root, selected, cfg, false, (rel) => texts.get(rel)!, cacheFile);
    return res.findings;
  } finally {
    releaseLintWorker();
  }
}
