// The state.json v2 session manifest (specs/session-formats.md §1): one strict zod schema, the single
// source of truth. Its JSON Schema rendering (manifestJsonSchema) is what the WASM `manifest` validator
// interprets (SM-002); the invariants across fields are rules SM-003..SM-012 in assembly/.
import { z } from "zod";
import { ARTIFACTS } from "./artifacts.js";

export const PHASES = ["spec", "plan", "build", "docs", "complete"] as const;
/** Phases with started/completed timestamps in phase_history. */
export const STEP_PHASES = ["spec", "plan", "build", "docs"] as const;
export const STATUSES = ["active", "paused", "complete", "failed"] as const;
export const SESSION_TYPES = ["full", "quick", "research"] as const;
export { ARTIFACTS };

export type Phase = (typeof PHASES)[number];
export type StepPhase = (typeof STEP_PHASES)[number];
export type SessionStatus = (typeof STATUSES)[number];
export type SessionType = (typeof SESSION_TYPES)[number];

/** A folder name: safe on every file system, no separators, no dot-dot. */
export const SESSION_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const SHA_RE = /^[0-9a-f]{7,64}$/;

const iso = z.iso.datetime({ offset: true });
const when = iso.nullable();
const phase = z.enum(PHASES);
const count = z.int().min(1);

export const PhaseHistorySchema = z.strictObject({
  spec_started_at: when,
  spec_completed_at: when,
  plan_started_at: when,
  plan_completed_at: when,
  build_started_at: when,
  build_completed_at: when,
  docs_started_at: when,
  docs_completed_at: when,
});

export const BuildProgressSchema = z.strictObject({
  checkpoints_total: z.int().min(0),
  checkpoints_completed: z.array(count),
  current_checkpoint: count.nullable(),
});

export const GitInfoSchema = z.strictObject({
  branch: z.string(),
  worktree: z.string().nullable(),
  base_branch: z.string(),
});

/** A blob id ("0": the commit deleted the file). */
const blobId = z.string().regex(/^(0|[0-9a-f]{40}|[0-9a-f]{64})$/);

export const CommitSchema = z.strictObject({
  sha: z.string().regex(SHA_RE),
  message: z.string(),
  checkpoint: count.nullable(),
  created_at: iso,
  /**
   * agentcheck extension (optional, issue 35): the blob id of every file the commit wrote against its
   * first parent, so the commit's work is recognised on main after a squash merge deleted its branch
   * (src/evidence/record.ts contentEvidence; docs/session-logs.md "Commit evidence").
   */
  content_evidence: z.strictObject({ files: z.object({}).catchall(blobId) }).optional(),
});

export const ArtifactsSchema = z.strictObject({
  spec: z.literal(ARTIFACTS.spec),
  plan: z.literal(ARTIFACTS.plan),
  plan_readable: z.literal(ARTIFACTS.plan_readable),
});

/** agentcheck extension (optional): every `--force`d transition, so an override is never silent. */
export const OverrideSchema = z.strictObject({
  from: phase,
  to: phase,
  at: iso,
  reason: z.string(),
});

export const SessionManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  session_id: z.string().regex(SESSION_ID_RE),
  topic: z.string().min(1),
  description: z.string(),
  session_type: z.enum(SESSION_TYPES),
  created_at: iso,
  updated_at: iso,
  current_phase: phase,
  status: z.enum(STATUSES),
  phase_history: PhaseHistorySchema,
  build_progress: BuildProgressSchema,
  git: GitInfoSchema,
  commits: z.array(CommitSchema),
  artifacts: ArtifactsSchema,
  overrides: z.array(OverrideSchema).optional(),
});

export type SessionManifest = z.infer<typeof SessionManifestSchema>;
export type PhaseHistory = z.infer<typeof PhaseHistorySchema>;
export type ManifestCommit = z.infer<typeof CommitSchema>;
export type ManifestOverride = z.infer<typeof OverrideSchema>;

let cached: Record<string, unknown> | undefined;
/**
 * JSON Schema (draft-07) generated from SessionManifestSchema. zod adds a long calendar regex next to
 * `format: date-time`; it is dropped because the core checks the format itself (and the regex would
 * only make messages unreadable).
 */
export function manifestJsonSchema(): Record<string, unknown> {
  if (cached) return cached;
  cached = z.toJSONSchema(SessionManifestSchema, {
    target: "draft-7",
    override: (ctx) => {
      const js = ctx.jsonSchema as Record<string, unknown>;
      if (js.format === "date-time") delete js.pattern;
    },
  }) as Record<string, unknown>;
  cached.title = "agentcheck session manifest (state.json v2)";
  return cached;
}

let cachedText: string | undefined;
export function manifestJsonSchemaText(): string {
  return (cachedText ??= JSON.stringify(manifestJsonSchema()));
}
