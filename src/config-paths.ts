// The artifact folders of a configuration (`paths.*` over the defaults): the one place they are
// resolved, lean (the hook gate reads paths.memories through it without loading src/config.ts).
import type { Config } from "./config-schema.js";

/** Default paths of the workspace artifacts (repo-relative). */
export const DEFAULT_PATHS = {
  sessions: ".agents/sessions",
  memories: ".serena/memories",
  planning: ".agents/planning",
  specs: ".agents/specs",
  skills: ".claude/skills",
} as const;

/** Fixed artifact paths (repo-relative; not moved by `paths.*`), each declared here only. */
/** QA reports a session log cites (SP-037; the phase gate's QA evidence). */
export const QA_DIR = ".agents/qa";
/** The hand-off file (SP-017, PP-013's default, the CONTEXT_RETRIEVAL gate, migrate-handoff). */
export const HANDOFF_FILE = ".agents/HANDOFF.md";
/** The session protocol a strict session-log run checks the template against. */
export const PROTOCOL_FILE = ".agents/SESSION-PROTOCOL.md";
/**
 * The brain session manifests' folder (`agents/sessions/<id>/state.json`): a folder of its own, not
 * the session logs' `paths.sessions` (`.agents/sessions` by default).
 */
export const MANIFEST_SESSIONS_DIR = "agents/sessions";

/** The artifact folders of a run, repo-relative, forward slashes, no trailing slash: `paths.*` over the defaults. */
export type ResolvedPaths = { -readonly [K in keyof typeof DEFAULT_PATHS]: string };

export function configPath(config: Config | undefined, key: keyof typeof DEFAULT_PATHS): string {
  const v = (config?.paths?.[key] ?? DEFAULT_PATHS[key]).replace(/\\/g, "/").replace(/\/+$/, "").replace(/^\.\//, "");
  return v === "" ? "." : v;
}

/** Every artifact folder of a configuration (the one place `paths.*` is resolved). */
export function resolvePaths(config: Config | undefined): ResolvedPaths {
  const out = {} as ResolvedPaths;
  for (const k of Object.keys(DEFAULT_PATHS) as (keyof typeof DEFAULT_PATHS)[]) out[k] = configPath(config, k);
  return out;
}

