// Session-state validator host (spec session-state §6.3): reads the current session state note
// without locking and hands the state to the core, which decides SS-001 (protocol start evidence)
// and SS-002 (schema generated from the zod schema, invariants). No state (CI) = a visible skip.
import type { RuleSettings } from "../run-settings.js";
import { KIND } from "../wasm/abi.js";
import { STATE_SCHEMA } from "../wasm/generated/state-schema.js";
import { executeValidator, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import { isInside, toRepoPath } from "../repo.js";
import { NoteStore } from "../state/store.js";
import { notesConfinement, resolveNotesRoot } from "../state/paths.js";
import { notePaths, parseJsonNoteText } from "../state/notes.js";
import { compactJson } from "../state/check.js";
import { StateError } from "../state/errors.js";

export interface SessionStateCheckOptions {
  /** Workspace directory (its worktree and config choose the notes root). */
  cwd: string;
  notesDir?: string;
  /** Session to check (default: the current one). */
  sessionId?: string;
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
}

export async function validateSessionState(opts: SessionStateCheckOptions): Promise<ValidatorOutput> {
  const r = resolveNotesRoot({ cwd: opts.cwd, notesDir: opts.notesDir });
  const store = new NoteStore(r.notesRoot, notesConfinement(r));
  const rel = (abs: string) => (isInside(abs, r.worktree) ? toRepoPath(abs, r.worktree) : abs.split("\\").join("/"));
  let file = rel(store.file(notePaths.pointer));
  let bytes: Uint8Array = new Uint8Array(0);
  const facts: Facts = { "state.schema": STATE_SCHEMA };
  try {
    const id = opts.sessionId ?? store.readPointer();
    const np = notePaths.state(id);
    file = rel(store.file(np));
    facts["state.id"] = id;
    const text = store.readStateText(id);
    if (text === undefined) throw new StateError("NOT_FOUND", `no session state '${id}'`, { sessionId: id });
    // input handling: the note's JSON block, compact (or as written when it is nested too deeply to
    // re-serialize); the core checks the state itself
    const parsed = parseJsonNoteText(text, np);
    bytes = new TextEncoder().encode(compactJson(parsed.value, parsed.json));
    facts["state.status"] = "ok";
  } catch (e) {
    if (!(e instanceof StateError)) throw e;
    if (e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND") {
      // no state to check (CI checkouts have none): a visible skip, never a failure
      return { results: [{ file, validator: "session-state", verdict: "skip", reason: `no session state (${e.code}: ${e.message}): state-dependent checks skipped`, findings: [] }], global: {}, internalErrors: [] };
    }
    facts["state.status"] = "corrupt";
    facts["state.detail"] = `${e.code}: ${e.message}`;
  }
  const doc: ContentDoc = { file, kind: KIND.SESSION_STATE, bytes };
  return executeValidator("session-state", [doc], facts, { rules: opts.rules });
}
