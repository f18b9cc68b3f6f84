// The command-line flags of the validating commands, declared once: commander's definitions (src/cli.ts,
// src/commands/common.ts withOutputOptions) and the lean start path (src/check-cli.ts: `check` and
// `session-log` without commander) are both made from these lists. No imports: the lean path loads it.

export interface FlagDecl {
  /** Commander's syntax: "-f, --format <name>", "--staged", "--no-color". */
  readonly flags: string;
  /** Help text; "{formats}" and "{maxFileBytes}" are filled in by withOutputOptions. */
  readonly description: string;
  /** Value when the flag is not given (commander's default, and the lean path's). */
  readonly default?: string;
}

/** Output options every validating command shares. */
export const OUTPUT_FLAGS: readonly FlagDecl[] = [
  { flags: "-f, --format <name>", description: "output format: {formats}", default: "text" },
  { flags: "-o, --output-file <path>", description: "write the report to a file instead of stdout" },
  { flags: "--max-warnings <n>", description: "exit 1 when there are more than n warnings" },
  { flags: "-q, --quiet", description: "report errors only (text format)" },
  { flags: "--verbose", description: "text format: list everything (passes, skips, infos, memory-index tables, every finding past the first 200)" },
  { flags: "--color", description: "force colour" },
  { flags: "--no-color", description: "disable colour" },
  { flags: "--max-file-size <bytes>", description: "refuse files larger than this (default {maxFileBytes})" },
  { flags: "--now <iso>", description: "fixed clock for date rules (ISO 8601, UTC); default: the current time" },
];

/** Baseline and directive options every validating command shares (the lean path leaves them to commander). */
export const BASELINE_FLAGS: readonly FlagDecl[] = [
  { flags: "--baseline <file>", description: "hide the findings recorded in this baseline (default: .agentcheck-baseline.json at the repository root, when present)" },
  { flags: "--no-baseline", description: "report every finding, even those in the baseline" },
  { flags: "--report-unused-disable", description: "report <!-- agentcheck-disable... --> comments that suppress nothing (AC-010)" },
];

/** `check`'s own options. */
export const CHECK_OWN_FLAGS: readonly FlagDecl[] = [
  { flags: "--staged", description: "validate what is staged for the next commit, read from the git index" },
  { flags: "--staged-when-committing", description: "hook frameworks: as --staged while git runs a commit hook (GIT_INDEX_FILE set), the given files restricting the staged set; otherwise no effect" },
  { flags: "--changed", description: "validate the files changed on this branch (CI)" },
  { flags: "--base <ref>", description: "with --changed: compare with the merge base of this ref (default: the PR base or origin/HEAD)" },
  { flags: "--all", description: "validate the whole workspace (the default without --staged/--changed)" },
  { flags: "--strict", description: "strict run: advisory validators (consistency) block, and edited pre-existing session logs are validated fully (not as records)" },
  { flags: "--profile <name>", description: "consistency/traceability profile: default, recommended, or reference (the Python original's quirks)" },
  { flags: "--mode <mode>", description: "JSON session logs: full | creation | record for every log (default: from each log's content, see docs/session-logs.md)" },
  { flags: "--only <validators>", description: "run only these validators (comma-separated): session-log, memory-index, consistency, traceability, session-state, aibrain, manifest" },
  { flags: "--cutoff <date>", description: "skip session logs dated before YYYY-MM-DD as historical (env AGENTCHECK_CUTOFF)" },
  { flags: "--config <path>", description: "configuration file (default: the nearest agentcheck.config.json(c) or package.json \"agentcheck\" from the working directory up to the repository root)" },
  { flags: "--cache", description: "serve the rule core's results of unchanged inputs (file contents, configuration, rule options, git facts, agentcheck build) from a cache file" },
  { flags: "--cache-location <path>", description: "with --cache: the cache file (or a folder to keep agentcheck-cache.json in); default: agentcheck/check-cache.json in the git directory" },
];

/** `session-log`'s own options. */
export const SESSION_LOG_OWN_FLAGS: readonly FlagDecl[] = [
  { flags: "--mode <mode>", description: "JSON logs: full | creation | record (default: from each log's content: complete => full; in progress => creation until committed, then full)" },
  { flags: "--strict", description: "strict gate: template drift against .agents/SESSION-PROTOCOL.md and git-bound post-commit checks" },
  { flags: "--context <ctx>", description: "pre-commit (staged logs) | ci (logs changed vs --base) | local (default)" },
  { flags: "--base <ref>", description: "base ref for changes on the branch (default origin/main; env AGENTCHECK_BASE_REF)" },
  { flags: "--cutoff <date>", description: "skip logs dated before YYYY-MM-DD as historical (env AGENTCHECK_CUTOFF)" },
  { flags: "--memories-dir <dir>", description: "memories folder, repo-relative (default .serena/memories)" },
];

/** `pre-pr`'s options (commander's definitions in src/cli.ts and the lean path's, src/commands/pre-pr-lean.ts). */
export const PRE_PR_FLAGS: readonly FlagDecl[] = [
  { flags: "--base <ref>", description: "base for the changed files (default: origin's default branch, else main, else master)" },
  { flags: "--all", description: "check the whole repository instead of the changed files" },
  { flags: "--quick", description: "skip slow checks (env QUICK_MODE=1)" },
  { flags: "--skip-tests", description: "skip the test command check (env SKIP_TESTS=1)" },
  { flags: "--ci", description: "CI mode: no fixes, no colour, missing tools fail (env CI=true)" },
  { flags: "--require-tools", description: "a missing external tool (actionlint, yamllint) fails its check instead of skipping it" },
  { flags: "--fix", description: "apply markdownlint fixes to the files in scope (refused with --ci)" },
  { flags: "--pr-body <file>", description: "PR description to check against the diff (PP-012); - reads stdin" },
  { flags: "--only <ids>", description: "run only these checks (comma-separated ids)" },
  { flags: "--skip <ids>", description: "skip these checks (needs --reason; reported)" },
  { flags: "--reason <text>", description: "why --skip is used" },
  { flags: "--list", description: "list the registered checks with their tags and whether they are on" },
  { flags: "--config <path>", description: "configuration file (default: agentcheck.config.json(c) or package.json \"agentcheck\" at the repository root)" },
  { flags: "-f, --format <name>", description: "output format: text, json", default: "text" },
  { flags: "-o, --output-file <path>", description: "write the report to a file" },
  { flags: "--verbose", description: "list the passing and skipped checks and every finding (default: failures and warnings, at most 200 findings)" },
  { flags: "--no-cache", description: "do not use the markdownlint and rule-core result caches (kept in the git directory)" },
  { flags: "--color", description: "force colour" },
  { flags: "--no-color", description: "disable colour" },
  { flags: "--max-file-size <bytes>", description: "refuse files larger than this" },
  { flags: "--no-exec", description: "run nothing the repository controls: an executable markdownlint config (.cjs/.mjs) and the test command are reported, not run (env AGENTCHECK_NO_EXEC=1)" },
];

/** The flag strings of declarations (the lean parser's input). */
export function flagStrings(...lists: (readonly FlagDecl[])[]): string[] {
  const out: string[] = [];
  for (const l of lists) for (const d of l) out.push(d.flags);
  return out;
}

/** The defaults of declarations, by option name as commander names it ("--output-file" -> outputFile). */
export function flagDefaults(...lists: (readonly FlagDecl[])[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of lists) {
    for (const d of l) {
      const long = /--([\w-]+)/.exec(d.flags)?.[1];
      if (d.default !== undefined && long) out[long.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = d.default;
    }
  }
  return out;
}
