// `agentcheck session migrate-handoff`: one JSON document on stdout (the report, or the error document),
// a human summary with the follow-up steps on stderr; exit codes of the session commands.
import { StateError } from "../state/errors.js";
import { describeMigration, migrateHandoff } from "./migrate.js";
import { writeErr, writeOut } from "../stdio.js";

export async function runMigrateHandoff(o: { file?: string; dryRun?: boolean; notesDir?: string; sessionId?: string; pretty?: boolean; cwd?: string }): Promise<number> {
  try {
    const r = await migrateHandoff({ cwd: o.cwd, file: o.file, dryRun: o.dryRun, notesDir: o.notesDir, sessionId: o.sessionId });
    writeOut(`${JSON.stringify(r, null, o.pretty ? 2 : undefined)}\n`);
    writeErr(describeMigration(r));
    return 0;
  } catch (e) {
    const err = e instanceof StateError ? e : new StateError("INTERNAL", (e as Error)?.message ?? String(e));
    writeOut(`${JSON.stringify({ ok: false, error: err.toJSON() })}\n`);
    writeErr(`agentcheck session migrate-handoff: ${err.code}: ${err.message}\n`);
    return err.exitCode;
  }
}
