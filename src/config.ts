// Project configuration: agentcheck.config.json / agentcheck.config.jsonc (comments allowed) or an
// "agentcheck" key in package.json, found at the git top-level; `--config <path>` overrides.
// One zod schema; unknown keys and wrong types are usage errors (exit 2) naming the key path.
import { existsSync, lstatSync } from "node:fs";
import { CONFIG_MAX_BYTES, readTextOrThrow } from "./fsread.js";
import { join, resolve } from "node:path";
import { UsageError, verdictOf, type FileResult, type Severity } from "./report.js";
import type { Config } from "./config-schema.js";

export type { Config };

async function parseConfig(value: unknown, source: string): Promise<Config> {
  const schema = await import("./config-schema.js");
  return schema.parseConfig(value, source);
}

export const CONFIG_FILES = ["agentcheck.config.json", "agentcheck.config.jsonc"] as const;

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the file it came from, or undefined when defaults are used. */
  file?: string;
}

/** Strip // and /* comments and trailing commas (outside strings), so JSONC parses as JSON. */
export function stripJsonComments(text: string): string {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  // trailing commas before } or ]
  return out.replace(/,(\s*[}\]])/g, "$1");
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** `root`: the repository, for configs found there (a link out of it is refused, never read). */
function readJsonc(file: string, root?: string): unknown {
  let text: string;
  try {
    text = readTextOrThrow(file, { maxBytes: CONFIG_MAX_BYTES, root }); // bounded: never blocks on a FIFO
  } catch (e) {
    throw new UsageError(`cannot read configuration ${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(stripJsonComments(text.replace(/^\uFEFF/, "")));
  } catch (e) {
    throw new UsageError(`configuration ${file} is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * Find and load the configuration. `explicit` (from --config) must exist; otherwise the
 * repository root is searched for agentcheck.config.json(c), then package.json's "agentcheck" key.
 */
export async function loadConfig(root: string, explicit?: string, cwd = process.cwd()): Promise<LoadedConfig> {
  const loaded = await findConfig(root, explicit, cwd);
  // the one path from the configuration to the rules' options (engine.optionFacts); loaded lazily
  // so that commands without rule settings (and the gate) never load the core
  if (loaded.config.rules) {
    const { setRuleOptions } = await import("./engine.js");
    setRuleOptions(Object.fromEntries(Object.entries(loaded.config.rules).map(([id, r]) => [id, r.options ?? {}])));
  }
  return loaded;
}

async function findConfig(root: string, explicit: string | undefined, cwd: string): Promise<LoadedConfig> {
  if (explicit) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new UsageError(`configuration file not found: ${explicit}`);
    const raw = readJsonc(file);
    const value = file.endsWith("package.json") ? (raw as Record<string, unknown>)?.agentcheck ?? {} : raw;
    return { config: await parseConfig(value, file), file };
  }
  // lstat: a dangling or looping config link is found (and refused by the reader), never ignored
  const found = CONFIG_FILES.map((f) => join(root, f)).filter((f) => existsSync(f) || isLink(f));
  if (found.length > 1) {
    throw new UsageError(`two configuration files in ${root}: ${CONFIG_FILES.join(" and ")}; keep one`);
  }
  if (found.length === 1) return { config: await parseConfig(readJsonc(found[0], root), found[0]), file: found[0] };
  const pkg = join(root, "package.json");
  if (existsSync(pkg)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readTextOrThrow(pkg, { maxBytes: CONFIG_MAX_BYTES, root }));
    } catch {
      parsed = undefined; // a broken package.json is not ours to report
    }
    const value = (parsed as Record<string, unknown> | undefined)?.agentcheck;
    if (value !== undefined) return { config: await parseConfig(value, `${pkg} ("agentcheck" key)`), file: pkg };
  }
  return { config: {} };
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

/** Default paths of the workspace artifacts (repo-relative). */
export const DEFAULT_PATHS = {
  sessions: ".agents/sessions",
  memories: ".serena/memories",
  planning: ".agents/planning",
  specs: ".agents/specs",
  skills: ".claude/skills",
} as const;

export function configPath(config: Config, key: keyof typeof DEFAULT_PATHS): string {
  return (config.paths?.[key] ?? DEFAULT_PATHS[key]).replace(/\\/g, "/").replace(/\/+$/, "");
}

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

/** Apply a validator's severity overrides to its results ("off" drops findings; verdicts recomputed). */
export function applyConfigToResults(config: Config, validator: string, results: FileResult[]): FileResult[] {
  const sev = validatorSection(config, validator)?.severity;
  if (!sev || Object.keys(sev).length === 0) return results;
  return results.map((r) => {
    const findings = r.findings
      .filter((f) => sev[f.ruleId] !== "off")
      .map((f) => (sev[f.ruleId] ? { ...f, severity: sev[f.ruleId] as Severity } : f));
    return { ...r, findings, verdict: r.verdict === "skip" ? "skip" : verdictOf(findings, false) };
  });
}

/**
 * Options a workspace validator sees: its configuration section's own keys (e.g. memoryIndex.orphans,
 * layout) and state.notesDir as defaults, overridden by command-line options.
 */
export function validatorOptions(config: Config, validator: string, cli: Record<string, unknown>): Record<string, unknown> {
  const section = { ...(validatorSection(config, validator) as Record<string, unknown> | undefined) };
  delete section.enabled;
  delete section.severity;
  const out: Record<string, unknown> = { ...section };
  if (config.state?.notesDir !== undefined) out.notesDir = config.state.notesDir;
  for (const [k, v] of Object.entries(cli)) if (v !== undefined) out[k] = v;
  return out;
}
