// The ONE declaration of agentcheck.config.json: this zod schema. It is never run: the build renders
// it as JSON Schema (scripts/gen-state-schema.mjs -> src/wasm/generated/config-schema.ts) and every
// entry point (check, pre-pr, the session commands, the hook gate, hooks, the MCP server) validates a
// configuration against that rendering with one lean validator, src/config-validate.ts (zod costs
// ~0.4 s to load in the gate's bundle). Messages a rendering cannot carry are given as
// `.meta({ [MESSAGE]: "..." })` beside the check; the validator prints them.
import { z } from "zod";
import { DEFAULT_MAX_FINDINGS_PER_RULE } from "./report.js";
import { CONFIG_MESSAGE_KEY as MESSAGE } from "./config-meta.js";
import { PROTOCOL_PRESETS } from "./protocol-preset.js";

const SeverityOverride = z.enum(["error", "warning", "info", "off"]);
/** Rule id -> severity ("off" drops the rule's findings). */
// rule ids are checked against the rule table after parsing (config.ts: "did you mean")
const Severities = z.record(z.string(), SeverityOverride);

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

// check ids are checked against the registered checks after parsing (config.ts)
const CHECK_ID = z.string();

/** Per-rule settings; option names and types are declared beside each rule in assembly/ (checked when loaded). */
const RuleSettings = z.strictObject({
  options: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A folder of the repository, relative to its top (an absolute path or a ".." segment would be read
 * as a folder of the repository that does not exist: nothing checked, a silent pass).
 */
const REPO_PATH_MESSAGE = "must be a folder of the repository, relative to its top (no absolute path, no '..')";
const RepoPath = z
  .string()
  .regex(/^(?![\\/]|[A-Za-z]:)(?![\s\S]*?(?:^|[\\/])\.\.(?:[\\/]|$))/, REPO_PATH_MESSAGE)
  .meta({ [MESSAGE]: REPO_PATH_MESSAGE });

const NOTES_DIR_MESSAGE = "must be a folder name (not empty)";

export const ConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  rules: z.record(z.string().regex(/^[A-Z][A-Z0-9]*-[A-Z0-9-]+$/, "a rule id such as SP-001").meta({ [MESSAGE]: "a rule id such as SP-001" }), RuleSettings).optional(),
  /** Paths every command leaves alone (gitignore syntax, repository-relative); also read from .agentcheckignore. */
  ignores: z.array(z.string()).optional(),
  /** Per-file rule severities, as ESLint's overrides (docs/adoption.md). */
  overrides: z
    .array(
      z.strictObject({
        files: z.array(z.string()).optional().describe("Files the entry applies to: gitignore-syntax patterns, repository-relative (required)."),
        rules: Severities.optional().describe("Rule id -> error | warning | info | off for those files (required)."),
      }),
    )
    .optional()
    .describe("Per-file rule severities (ESLint's overrides): for the files an entry's `files` patterns match, its `rules` re-grade findings or switch them off (`off`); JSON session logs included. Later entries win. Applied with the ignores, before the baseline."),
  /** What a report lists (the exit code and the totals always count every finding). */
  report: z
    .strictObject({
      maxFindingsPerRule: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe(`Most findings of one rule one file lists in a report (every format); the rest are one summary finding per severity with their count ("N more MI-009 errors not listed"). The exit code, verdicts and totals count every finding. Default ${DEFAULT_MAX_FINDINGS_PER_RULE}.`),
    })
    .optional(),
  /** The session protocol the repository follows (src/protocol-preset.ts: what each preset turns on). */
  protocol: z
    .strictObject({
      preset: z
        .enum(PROTOCOL_PRESETS)
        .optional()
        .describe("The session protocol every surface obeys (hooks, gate, MCP server, session end): `full` (a session log is required, start and end checklists enforced, the gate blocks until the start protocol has evidence), `validate-if-present` (logs optional and validated when present, no start or end demands) or `off` (hooks and gate do nothing protocol-related). `agentcheck init` picks it from what the repository shows. Default full."),
    })
    .optional(),
  /** Claude Code hooks: what Stop does when the session-end protocol is unmet, the mode SessionStart sets. */
  hooks: z
    .strictObject({
      stop: z.enum(["block", "warn", "off"]).optional(),
      sessionStartMode: z.enum(["analysis", "planning", "coding", "disabled"]).optional(),
      // issue 35: Stop writes the JSON log's endingCommit, contentEvidence and qaContentEvidence before
      // it checks the end (`session end --write-log`), so the agent commits them with the log
      writeLog: z.boolean().optional(),
    })
    .optional(),
  paths: z
    .strictObject({
      sessions: RepoPath.optional(),
      memories: RepoPath.optional(),
      planning: RepoPath.optional(),
      specs: RepoPath.optional(),
      skills: RepoPath.optional(),
    })
    .optional(),
  validators: z
    .strictObject({
      sessionLog: ValidatorSection.optional(),
      memoryIndex: ValidatorSection.extend({
        orphans: z.enum(["off", "warn", "error"]).optional(),
        naming: z.enum(["off", "warn", "error"]).optional(),
        layout: z.enum(["current", "reference"]).optional(),
      }).optional(),
      consistency: ValidatorSection.optional(),
      traceability: ValidatorSection.optional(),
      commitChecks: ValidatorSection.extend({
        memoryHealth: z.boolean().optional().describe("check --staged: MEM-01..03 on staged memories (pre-pr PP-017). Default true."),
        actionPins: z.boolean().optional().describe("check --staged: PIN-01 on staged workflows and actions (pre-pr PP-009). Default true."),
        workflowStructure: z.boolean().optional().describe("check --staged: WFS-01..11 (YAML, shape, size, concurrency, permissions, job timeouts) on staged workflows and actions (pre-pr PP-010). Default true."),
        commandSize: z.boolean().optional().describe("check --staged: CMD-01 (line ceiling) on staged slash-command files, `*.md` directly in CMD-01's option dir (pre-pr PP-019). Default true."),
        markdownLint: z.boolean().optional().describe("check --staged: markdownlint on staged markdown with the repository's configuration and pre-pr's lint cache (PP-003). Default: on when the repository has a markdownlint configuration; true lints with markdownlint's defaults without one."),
      }).optional(),
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
          mentionExtensions: z.array(z.string()).optional(),
          contextSections: z.array(z.string()).optional(),
          claimSections: z.array(z.string()).optional(),
        })
        .optional(),
      tokenBudget: z.strictObject({ file: z.string().optional(), maxTokens: z.number().int().positive().optional() }).optional(),
      planning: z.strictObject({ estimateThreshold: z.number().min(0).optional() }).optional(),
      agentDrift: z
        .strictObject({
          left: z.string().optional(),
          right: z.string().optional(),
          threshold: z.number().int().min(0).max(100).optional(),
          sections: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .optional(),
  state: z.strictObject({ notesDir: z.string().regex(/\S/, NOTES_DIR_MESSAGE).meta({ [MESSAGE]: NOTES_DIR_MESSAGE }).optional(), requireTaskForCoding: z.boolean().optional(), agentNotes: z.boolean().optional(), compactionRetentionDays: z.number().int().min(0).optional().describe("Days a compaction archive of the agent history is kept before `session gc` or the next compaction prunes it (seed 001's COMPACTION_RETENTION_DAYS); 0 keeps them forever. Default 30.") }).optional(),
  gate: z.strictObject({ enabled: z.boolean().optional(), readOnlyTools: z.array(z.string()).optional(), readOnlyExtra: z.array(z.string()).optional(), requireProtocolStart: z.boolean().optional(), phases: z.boolean().optional() }).optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

/** The JSON Schema rendering every entry point validates with (src/config-validate.ts); build time only. */
export function configJsonSchema(): unknown {
  return z.toJSONSchema(ConfigSchema, { io: "input" });
}
