// The Claude Code PreCompact hook (`agentcheck hooks pre-compact`, issue 40 item 6): saves the current
// session's checkpoint before the context is compacted (src/commands/continuity.ts). Never blocks.
import { isStateError } from "../state/errors.js";
import { openSessionStore } from "../state/ops.js";
import { resolveNotesRoot } from "../state/paths.js";
import type { SessionState } from "../state/schema.js";
import { hookCwd } from "./claude.js";
import { SMALL_HOOK_MAX_INPUT_BYTES, readHookStdin } from "../hook-input.js";
import { saveSessionCheckpoint } from "./continuity.js";
import { writeErr } from "../stdio.js";

/** PreCompact: save the current session's checkpoint; never blocks (exit 0, a note on stderr). */
export async function runPreCompactHook(): Promise<number> {
  const input = await readHookStdin(SMALL_HOOK_MAX_INPUT_BYTES);
  if (!input.ok) {
    // input it did not read whole: no guess at the session or the folder, nothing saved
    writeErr(`agentcheck pre-compact: ${input.error}; nothing saved\n`);
    return 0;
  }
  const value = input.value;
  const cwd = hookCwd(value);
  const trigger = value.trigger === "manual" || value.trigger === "auto" ? value.trigger : "compact";
  try {
    const store = openSessionStore({ cwd });
    let s: SessionState;
    try {
      s = store.getSync(store.resolveId());
    } catch (e) {
      if (isStateError(e) && (e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND")) return 0; // no session: nothing to save
      throw e;
    }
    const cp = await saveSessionCheckpoint(resolveNotesRoot({ cwd }).worktree, s, trigger);
    writeErr(`agentcheck: session ${s.sessionId} saved before compaction (${cp.file})\n`);
  } catch (e) {
    writeErr(`agentcheck pre-compact: the session could not be saved: ${(e as Error)?.message ?? String(e)}\n`);
  }
  return 0;
}
