// Project configuration: agentcheck.config.json / agentcheck.config.jsonc (comments allowed) or an
// "agentcheck" key in package.json, found at the git top-level; `--config <path>` overrides.
// One zod schema; unknown keys and wrong types are usage errors (exit 2) naming the key path.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { UsageError, verdictOf, type FileResult, type Severity } from "./report.js";

export const CONFIG_FILES = ["agentcheck.config.json", "agentcheck.config.jsonc"] as const;

const SeverityOverride = z.enum(["error", "warning", "info", "off"]);
/** Rule id -> severity ("off" drops the rule's findings). */
const Severities = z.record(z.string().regex(/^[A-Z][A-Z0-9]*-[A-Z0-9-]+$/, "a rule id such as SP-001"), SeverityOverride);

const ValidatorSection = z.strictObject({
  enabled: z.boolean().optional(),
  severity: Severities.optional(),
});

const Level = z.strictObject({
  warn: z.number().int().min(0).optional(),
  fail: z.number().int().min(0).optional(),
});

const CheckSection = z.strictObject({
  enabled: z.boolean().optional(),
  severity: Severities.optional(),
  /** Per-check timeout for external processes, seconds. */
  timeout: z.number().int().positive().optional(),
});

const CHECK_ID = z.string().regex(/^PP-\d{3}$/, "a check id such as PP-003");

export const ConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  paths: z
    .strictObject({
      sessions: z.string().optional(),
      memories: z.string().optional(),
      planning: z.string().optional(),
      specs: z.string().optional(),
      skills: z.string().optional(),
    })
    .optional(),
  validators: z
    .strictObject({
      sessionLog: ValidatorSection.optional(),
      memoryIndex: ValidatorSection.extend({
        orphans: z.enum(["off", "warning", "error"]).optional(),
        layout: z.string().optional(),
      }).optional(),
      consistency: ValidatorSection.optional(),
      traceability: ValidatorSection.optional(),
    })
    .optional(),
  prePr: z
    .strictObject({
      base: z.string().optional(),
      checks: z.record(CHECK_ID, CheckSection).optional(),
      testCommand: z.string().optional(),
      prSize: z
        .strictObject({ commits: Level.optional(), files: Level.optional(), additions: Level.optional() })
        .optional(),
      pathNormalization: z
        .strictObject({ extensions: z.array(z.string()).optional(), excludes: z.array(z.string()).optional() })
        .optional(),
      skills: z
        .strictObject({ models: z.array(z.string()).optional(), tools: z.array(z.string()).optional() })
        .optional(),
      prDescription: z
        .strictObject({
          significantExtensions: z.array(z.string()).optional(),
          significantPaths: z.array(z.string()).optional(),
          requiredSections: z.array(z.string()).optional(),
          checklist: z.boolean().optional(),
        })
        .optional(),
      tokenBudget: z.strictObject({ file: z.string().optional(), maxTokens: z.number().int().positive().optional() }).optional(),
      planning: z.strictObject({ estimateThreshold: z.number().min(0).optional() }).optional(),
      agentDrift: z
        .strictObject({
          left: z.string().optional(),
          right: z.string().optional(),
          threshold: z.number().min(0).max(100).optional(),
        })
        .optional(),
    })
    .optional(),
  state: z.strictObject({ notesDir: z.string().optional() }).optional(),
  gate: z.strictObject({ readOnlyTools: z.array(z.string()).optional() }).optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

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

function keyPath(path: PropertyKey[]): string {
  return path.map(String).join(".") || "(root)";
}

/** Validate a parsed value; throws a UsageError naming the first offending key path. */
export function parseConfig(value: unknown, source: string): Config {
  const r = ConfigSchema.safeParse(value);
  if (r.success) return r.data;
  const msgs = r.error.issues.map((iss) => {
    if (iss.code === "unrecognized_keys") {
      return iss.keys.map((k) => `${keyPath([...iss.path, k])}: unknown key`).join("; ");
    }
    return `${keyPath(iss.path)}: ${iss.message}`;
  });
  throw new UsageError(`invalid configuration in ${source}: ${msgs.join("; ")}`);
}

function readJsonc(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
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
export function loadConfig(root: string, explicit?: string, cwd = process.cwd()): LoadedConfig {
  if (explicit) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new UsageError(`configuration file not found: ${explicit}`);
    const raw = readJsonc(file);
    const value = file.endsWith("package.json") ? (raw as Record<string, unknown>)?.agentcheck ?? {} : raw;
    return { config: parseConfig(value, file), file };
  }
  const found = CONFIG_FILES.map((f) => join(root, f)).filter((f) => existsSync(f));
  if (found.length > 1) {
    throw new UsageError(`two configuration files in ${root}: ${CONFIG_FILES.join(" and ")}; keep one`);
  }
  if (found.length === 1) return { config: parseConfig(readJsonc(found[0]), found[0]), file: found[0] };
  const pkg = join(root, "package.json");
  if (existsSync(pkg)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(pkg, "utf8"));
    } catch {
      parsed = undefined; // a broken package.json is not ours to report
    }
    const value = (parsed as Record<string, unknown> | undefined)?.agentcheck;
    if (value !== undefined) return { config: parseConfig(value, `${pkg} ("agentcheck" key)`), file: pkg };
  }
  return { config: {} };
}

/** Config section name of a workspace validator ("session-log" -> "sessionLog"). */
export function validatorKey(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

type ValidatorSectionT = z.infer<typeof ValidatorSection>;

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
