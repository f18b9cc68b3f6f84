// Validators that `agentcheck check` runs on a workspace. Each entry detects whether the
// workspace has its artifacts and runs the validator; modules are imported only when used.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ValidatorOutput } from "../engine.js";
import type { FileSource } from "../source.js";

export interface WorkspaceContext {
  root: string;
  /** Where to read workspace files (working tree, or the git index for --staged). */
  source: FileSource;
  maxFileBytes: number;
  now?: string;
  /** Run options passed through from the command line. */
  options: Record<string, unknown>;
}

export interface WorkspaceValidator {
  name: string;
  /** Short reason used when the validator does not apply to the workspace. */
  detect(ctx: WorkspaceContext): { applies: boolean; reason?: string };
  run(ctx: WorkspaceContext): Promise<ValidatorOutput>;
}

export const WORKSPACE_VALIDATORS: WorkspaceValidator[] = [
  {
    name: "session-log",
    detect: (ctx) =>
      existsSync(join(ctx.root, ".agents", "sessions"))
        ? { applies: true }
        : { applies: false, reason: "no .agents/sessions directory" },
    async run(ctx) {
      const { validateSessionLogs } = await import("./session-log.js");
      return validateSessionLogs({ cwd: ctx.root, root: ctx.root, maxFileBytes: ctx.maxFileBytes, now: ctx.now });
    },
  },
];
