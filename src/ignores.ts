// `ignores`: paths every command leaves alone, in gitignore syntax (repository-relative), from the
// configuration's "ignores" list and the repository's .agentcheckignore file (one pattern a line, # comments).
//   name        matches at any depth (a file or a directory and everything inside it)
//   /name       anchored at the repository root; a/b (a slash inside) is anchored too
//   dir/        directories only (their contents)
//   !pattern    re-includes what an earlier pattern ignored (the last matching pattern wins)
import { join } from "node:path";
import { DISK_SETTINGS, settingsLabel, type SettingsReader } from "./config-file.js";
import { compileGlob, globMatch } from "./glob.js";
import { UsageError } from "./report.js";

export const IGNORE_FILE = ".agentcheckignore";

interface Rule {
  negate: boolean;
  /** The glob (src/glob.ts: linear-time matching; a pattern also matches what is inside). */
  glob: string;
  dirOnly: boolean;
}

export interface IgnoreMatcher {
  patterns: string[];
  /** True when the repository-relative path (forward slashes) is ignored. */
  ignored(path: string): boolean;
}

function compile(pattern: string, where: string): Rule | undefined {
  let p = pattern.replace(/\s+$/, "");
  if (p === "" || p.startsWith("#")) return undefined;
  let negate = false;
  if (p.startsWith("!")) {
    negate = true;
    p = p.slice(1);
  } else if (p.startsWith("\\!") || p.startsWith("\\#")) p = p.slice(1);
  let dirOnly = false;
  if (p.endsWith("/")) {
    dirOnly = true;
    p = p.replace(/\/+$/, "");
  }
  const anchored = p.startsWith("/") || p.includes("/");
  p = p.replace(/^\/+/, "");
  if (p === "") return undefined;
  if (!anchored && !p.startsWith("**/")) p = `**/${p}`;
  try {
    compileGlob(p);
    return { negate, dirOnly, glob: p };
  } catch (e) {
    throw new UsageError(`${where}: ${(e as Error).message.replace(`'${p}'`, `'${pattern.trim()}'`)}`);
  }
}

/**
 * Build the matcher from the configuration's list and `<root>/.agentcheckignore` (read through `reader`:
 * the working tree, or the git index for `check --staged`); invalid patterns are UsageErrors.
 */
export function loadIgnores(root: string, configured: readonly string[] | undefined, reader: SettingsReader = DISK_SETTINGS): IgnoreMatcher {
  const rules: Rule[] = [];
  const patterns: string[] = [];
  for (const p of configured ?? []) {
    const r = compile(p, "configuration ignores");
    if (r) rules.push(r);
    patterns.push(p);
  }
  const file = join(root, IGNORE_FILE);
  const text = reader.read(file, root);
  if (text !== undefined) {
    const label = settingsLabel(file, reader);
    text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((line, i) => {
      const r = compile(line, `${label}:${i + 1}`);
      if (r) {
        rules.push(r);
        patterns.push(line.trim());
      }
    });
  }
  return matcherOf(rules, patterns);
}

/**
 * A matcher of gitignore-syntax patterns (the last matching pattern wins; `!` re-includes), also used by
 * the configuration's `overrides[].files`; an invalid pattern is a UsageError naming `where`.
 */
export function patternMatcher(patterns: readonly string[], where: string): IgnoreMatcher {
  const rules: Rule[] = [];
  for (const p of patterns) {
    const r = compile(p, where);
    if (r) rules.push(r);
  }
  return matcherOf(rules, [...patterns]);
}

function matcherOf(rules: Rule[], patterns: string[]): IgnoreMatcher {
  return {
    patterns,
    ignored(path: string): boolean {
      if (rules.length === 0) return false;
      let out = false;
      for (const r of rules) {
        // a directory-only pattern matches what is inside the directory, not a file of that name
        const hit = r.dirOnly ? dirHit(r.glob, path) : globMatch(r.glob, path);
        if (hit) out = !r.negate;
      }
      return out;
    },
  };
}

/** A directory-only pattern: a proper ancestor directory of `path` matches it. */
function dirHit(glob: string, path: string): boolean {
  let i = path.indexOf("/");
  while (i > 0) {
    if (globMatch(glob, path.slice(0, i))) return true;
    i = path.indexOf("/", i + 1);
  }
  return false;
}
