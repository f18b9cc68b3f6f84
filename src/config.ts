// Project configuration: agentcheck.config.json / agentcheck.config.jsonc (comments allowed) or an
// "agentcheck" key in package.json, found upward from the working directory to the repository root;
// `--config <path>` overrides.
// One declaration (the zod schema in src/config-schema.ts) and one validation for every entry point
// (src/config-validate.ts); unknown keys, wrong types and unknown names are usage errors (exit 2)
// naming the key path.
import { CONFIG_FILES, findConfigFile, parseJsonc, type SettingsReader } from "./config-file.js";
import { validateConfig } from "./config-validate.js";
import { resolvePaths, type ResolvedPaths } from "./config-paths.js";
import type { Config } from "./config-schema.js";
import { DEFAULT_RULE_SETTINGS, ruleSettings, type RuleSettings, type ValidatorRunOptions } from "./run-settings.js";

export type { Config };

export { CONFIG_FILES };
export { ruleSettings, DEFAULT_RULE_SETTINGS, type RuleSettings, type ValidatorRunOptions } from "./run-settings.js";

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the file it came from, or undefined when defaults are used. */
  file?: string;
  /** The artifact folders (`paths.*` resolved, defaults filled in). */
  paths: ResolvedPaths;
  /** Rule options and severities: what every core call of the run is given (src/engine.ts executeValidator). */
  rules: RuleSettings;
}

/**
 * JSONC to JSON text (comments and trailing commas removed, strings untouched), through jsonc-parser.
 * Kept for callers that want JSON text; configuration files are read with parseJsonc.
 */
export function stripJsonComments(text: string): string {
  return JSON.stringify(parseJsonc(text, "(text)"));
}

/**
 * Find and load the configuration (the one reader, src/config-file.ts, shared with the gate): `explicit`
 * (from --config) must exist; otherwise the nearest agentcheck.config.json(c) or package.json "agentcheck"
 * key from `cwd` up to the repository root. The value is validated by the one configuration validation
 * (src/config-validate.ts: the schema, then the rule and check ids and globs it names; unknown ones are
 * errors with a suggestion), the same the session commands and the hook gate run.
 * `reader`: where the search reads (default the working tree; `check --staged` passes the git index).
 */
export async function loadConfig(root: string, explicit?: string, cwd = process.cwd(), reader?: SettingsReader): Promise<LoadedConfig> {
  // a function of its arguments: what one load resolves is returned, never kept, so a long-running
  // process (an Inngest worker, a library caller) loading several repositories' configurations
  // carries nothing of one into the next
  const found = findConfigFile(root, explicit, cwd, reader);
  if (!found) return { config: {}, paths: resolvePaths(undefined), rules: DEFAULT_RULE_SETTINGS };
  const config = validateConfig(found.value, found.source);
  return { config, file: found.file, paths: resolvePaths(config), rules: ruleSettings(config) };
}

/** Config section name of a workspace validator ("session-log" -> "sessionLog"). */
export function validatorKey(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

type ValidatorSectionT = { enabled?: boolean; severity?: Record<string, "error" | "warning" | "info" | "off"> };

export function validatorSection(config: Config, name: string): ValidatorSectionT | undefined {
  const v = config.validators as Record<string, ValidatorSectionT | undefined> | undefined;
  return v?.[validatorKey(name)];
}

export { DEFAULT_PATHS, configPath, resolvePaths, type ResolvedPaths } from "./config-paths.js";

/** The commented starting configuration written by `agentcheck init`. */
export const STARTER_CONFIG = `// agentcheck configuration (JSON with comments). Every key is optional;
// unknown keys and wrong types are rejected (exit 2) with the key path.
{
  // Where the agent artifacts live (repository-relative).
  "paths": {
    "sessions": ".agents/sessions",
    "memories": ".serena/memories",
    "planning": ".agents/planning",
    "specs": ".agents/specs",
    "skills": ".claude/skills"
  },

  // Validators run by \`agentcheck check\`: switch them off or change rule severities
  // ("error", "warning", "info" or "off"), e.g. "severity": { "SP-001": "warning" }.
  "validators": {
    "sessionLog": { "enabled": true },
    "memoryIndex": { "enabled": true },
    "consistency": { "enabled": true },
    "traceability": { "enabled": true }
  },

  // agentcheck pre-pr
  "prePr": {
    // Base branch for the changed-file scope (default: origin's default branch, else main, else master).
    // "base": "main",

    // Checks by id (see \`agentcheck pre-pr --list\`). Repository-specific ones are off by default:
    // PP-002 test command, PP-007 planning artifacts, PP-008 agent drift, PP-013 HANDOFF token budget.
    "checks": {
      // "PP-002": { "enabled": true, "timeout": 600 },
      // "PP-013": { "enabled": true }
    },

    // Command run by PP-002 (through the shell, from the repository root).
    // "testCommand": "npm test",

    // PP-015: limits for the branch (warn above "warn", fail above "fail").
    "prSize": {
      "commits": { "warn": 15, "fail": 20 },
      "files": { "warn": 20, "fail": 50 },
      "additions": { "warn": 500 }
    }
  },

  // Session state notes and the tool gate.
  "state": { "notesDir": ".agent-notes" },
  "gate": { "readOnlyTools": ["Read", "Glob", "Grep"] }
}
`;

/**
 * Options a workspace validator sees: its configuration section's own keys (e.g. memoryIndex.orphans,
 * layout) and state.notesDir as defaults, overridden by command-line options.
 */
export function validatorOptions(config: Config, validator: string, cli: ValidatorRunOptions): ValidatorRunOptions {
  // the section as the schema validated it: its keys besides enabled/severity are options of the validator
  const section = { ...(validatorSection(config, validator) as (ValidatorRunOptions & ValidatorSectionT) | undefined) };
  delete section.enabled;
  delete section.severity;
  const out: ValidatorRunOptions & Record<string, unknown> = { ...section };
  if (config.state?.notesDir !== undefined) out.notesDir = config.state.notesDir;
  for (const [k, v] of Object.entries(cli)) if (v !== undefined) out[k] = v;
  return out;
}
