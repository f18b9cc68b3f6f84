// The rule settings of one run: rule options and configured severities, resolved once from the
// configuration (src/config.ts loadConfig) and passed down to every core call by argument
// (src/engine.ts executeValidator). Nothing here is process state: two repositories validated at
// once in one process each carry their own.
import type { Config } from "./config-schema.js";
import { resolvePaths, type ResolvedPaths } from "./config-paths.js";
import type { SessionMode } from "./scope.js";
import type { CoreCache } from "./core-cache.js";

/** Rule id -> option values from the configuration ("rules": {"<ID>": {"options": {...}}}). */
export type RuleOptions = Record<string, Record<string, unknown>>;
/** A configured severity ("off" drops the rule's findings). */
export type SeverityOverride = "error" | "warning" | "info" | "off";

export interface RuleSettings {
  /** Rule id -> option values (checked against each rule's declared options by the core call). */
  readonly options: RuleOptions;
  /** Rule id -> severity (validators.<section>.severity of every section). */
  readonly severities: Readonly<Record<string, SeverityOverride>>;
  /**
   * This run's result cache (src/core-cache.ts, with its git-derived values: src/derived-cache.ts),
   * opened and saved by the command that owns the run (pre-pr, `check --cache`); none: nothing cached.
   * Never shared between runs: two repositories validated at once each carry their own.
   */
  readonly cache?: CoreCache;
}

/** No configuration: every rule with its declared options and severity. */
export const DEFAULT_RULE_SETTINGS: RuleSettings = Object.freeze({ options: Object.freeze({}), severities: Object.freeze({}) });

/** The rule settings a configuration gives (the defaults for none). */
export function ruleSettings(config: Config | undefined): RuleSettings {
  if (!config) return DEFAULT_RULE_SETTINGS;
  const options: RuleOptions = {};
  for (const [id, r] of Object.entries(config.rules ?? {})) options[id] = (r?.options ?? {}) as Record<string, unknown>;
  const severities: Record<string, SeverityOverride> = {};
  type Section = { severity?: Record<string, SeverityOverride> } | undefined;
  for (const sec of Object.values((config.validators ?? {}) as Record<string, Section>)) Object.assign(severities, sec?.severity ?? {});
  return { options, severities };
}

/** What one run is given from its repository's configuration: the artifact folders and the rule settings. */
export interface RunSettings {
  readonly paths: ResolvedPaths;
  readonly rules: RuleSettings;
}

/** The run settings a configuration gives (the defaults for none). */
export function runSettings(config: Config | undefined): RunSettings {
  return { paths: resolvePaths(config), rules: ruleSettings(config) };
}

/**
 * The options a workspace validator reads (src/validators/registry.ts): the command line's over its
 * configuration section's (src/config.ts validatorOptions). Typed: nothing else reaches a validator.
 */
export interface ValidatorRunOptions {
  strict?: boolean;
  /** Session logs dated before this day (YYYY-MM-DD) are historical. */
  cutoff?: string;
  /** JSON session logs: one mode for every log. */
  mode?: SessionMode;
  /** consistency/traceability profile. */
  profile?: string;
  /** Session logs to validate (repo-relative), instead of the sessions folder. */
  paths?: string[];
  /** memory-index (validators.memoryIndex): layout and the levels of the orphan and naming rules. */
  layout?: "current" | "reference" | "auto";
  orphans?: "warn" | "error" | "off";
  naming?: "warn" | "error" | "off";
  /** state.notesDir: where the session state is. */
  notesDir?: string;
  /** false: no rule-core or markdownlint result cache. */
  cache?: boolean;
}
