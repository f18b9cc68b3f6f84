// A valid manifest in phase build (2 of 3 checkpoints done, one commit) and a workspace writer.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpDir } from "../helpers.js";

export const SPEC_MD = "# Topic\n\n## Goals\n\n- [ ] g\n\n## Open Questions\n\n- [x] q → a\n\n## Key Decisions\n\n### d\n**Rationale**: r\n**Made**: now\n";

export function validManifest(id = "2026-02-14_feature-dark-mode_a1b2c3"): any {
  return {
    $schema: "https://example.com/state.schema.json",
    session_id: id,
    topic: "Dark mode",
    description: "Add a dark theme",
    session_type: "full",
    created_at: "2026-02-14T10:00:00Z",
    updated_at: "2026-02-14T13:00:00+01:00",
    current_phase: "build",
    status: "active",
    phase_history: {
      spec_started_at: "2026-02-14T10:00:00Z",
      spec_completed_at: "2026-02-14T10:30:00Z",
      plan_started_at: "2026-02-14T10:30:00Z",
      plan_completed_at: "2026-02-14T11:00:00.500Z",
      build_started_at: "2026-02-14T11:00:01Z",
      build_completed_at: null,
      docs_started_at: null,
      docs_completed_at: null,
    },
    build_progress: { checkpoints_total: 3, checkpoints_completed: [1, 2], current_checkpoint: 3 },
    git: { branch: "feat/dark-mode", worktree: null, base_branch: "main" },
    commits: [{ sha: "a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0", message: "feat: tokens", checkpoint: 1, created_at: "2026-02-14T11:30:00Z" }],
    artifacts: { spec: "spec.md", plan: "plan.json", plan_readable: "plan.md" },
  };
}

/** Write sessions (folder -> manifest object or raw text) into agents/sessions/ of a workspace. */
export function writeSessions(
  sessions: Record<string, unknown>,
  opts: { root?: string; spec?: string | null; plan?: boolean; planMd?: boolean } = {},
): string {
  const root = opts.root ?? tmpDir("agentcheck-mf-");
  for (const [name, m] of Object.entries(sessions)) {
    const dir = join(root, "agents", "sessions", name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "state.json"), typeof m === "string" ? m : `${JSON.stringify(m, null, 2)}\n`);
    if (opts.spec !== null) writeFileSync(join(dir, "spec.md"), opts.spec ?? SPEC_MD);
    if (opts.plan !== false) writeFileSync(join(dir, "plan.json"), "{}\n");
    if (opts.planMd !== false) writeFileSync(join(dir, "plan.md"), "# Plan\n");
  }
  return root;
}
