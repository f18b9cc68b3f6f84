// Live state is no part of the project (issue 40 item 2): agentcheck's own files that change while an
// agent works — the session notes (state, pointer, locks, approvals, the gate's cache), the MCP
// protocol's memories kept where Serena reads them, the protocol's JSON fallback, `.aibrain`
// checkpoints — never show in `git status`, so no finding (SP-039 "git status is not clean", MI-103)
// and no session end counts them. They are ignored once, at setup (`session init`, the SessionStart
// hook, the MCP server's session_start), in the repository's own exclude file
// (`<git common dir>/info/exclude`, shared by every worktree, never committed), so no tracked file
// changes. The project's artifacts (session logs, manifests with their spec and plan) are not listed:
// they are meant to be committed.
import { join } from "node:path";
import { gitRaw } from "./git-run.js";
import { mkdirConfined } from "./fswrite.js";
import { editTextConfined } from "./fsedit.js";
import { existsSync } from "node:fs";
import { CONFIG_MAX_BYTES } from "./fsread.js";
import { DEFAULT_PATHS } from "./config-paths.js";

const HEADER = "# agentcheck live state (issue 40): session notes, protocol memories, checkpoints";

/** The exclude patterns of a worktree's live state; `memories` is paths.memories (worktree-relative). */
export function liveStatePatterns(memories: string): string[] {
  const m = memories.replace(/\\/g, "/").replace(/^\.?\/+|\/+$/g, "");
  return [
    "/.agent-notes/",
    "/.aibrain/",
    "/.agents/sessions/.session-state.json",
    "/.agents/sessions/.session-state.json.lock",
    `/${m}/session-current-state.md`,
    `/${m}/session-history.md`,
    `/${m}/session-violations-log.md`,
    `/${m}/*.lock`,
  ];
}

/** The shared git directory of `cwd` (absolute), or undefined outside a repository. */
export function gitCommonDir(cwd: string): string | undefined {
  const r = gitRaw(cwd, ["rev-parse", "--path-format=absolute", "--git-common-dir"]);
  const d = r.status === 0 ? r.stdout.toString("utf8").trim() : "";
  return d === "" ? undefined : d;
}

export interface ExcludeResult {
  file?: string;
  added: string[];
}

/**
 * Add the live-state patterns missing from `<git common dir>/info/exclude` (idempotent; one bounded
 * read and an atomic replace, confined to the git directory). Outside a repository nothing is written.
 */
export function excludeLiveState(cwd: string, memories: string): ExcludeResult {
  const common = gitCommonDir(cwd);
  if (!common) return { added: [] };
  const file = join(common, "info", "exclude");
  const added: string[] = [];
  if (!existsSync(join(common, "info"))) mkdirConfined(join(common, "info"), { root: common });
  editTextConfined(file, (text) => {
    const have = new Set(text.split(/\r?\n/).map((l) => l.trim()));
    for (const p of liveStatePatterns(memories)) if (!have.has(p)) added.push(p);
    if (added.length === 0) return undefined;
    const sep = text === "" || text.endsWith("\n") ? "" : "\n";
    return `${text}${sep}${have.has(HEADER) ? "" : `${HEADER}\n`}${added.join("\n")}\n`;
  }, { root: common, maxBytes: CONFIG_MAX_BYTES });
  return { file, added };
}

/** Setup's one step for live state (src/live-state.ts); a failure to write the exclude file never stops a session. */
export function ignoreLiveState(root: string, memoriesDir: string = DEFAULT_PATHS.memories): void {
  try {
    excludeLiveState(root, memoriesDir);
  } catch {
    /* a read-only or odd .git/info/exclude: git status shows the live files, as before */
  }
}
