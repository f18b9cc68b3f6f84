// Session-state validator host (spec session-state §6.3): reads the current session state without
// locking and hands its facts to the WASM rules (SS-001, SS-002). No state (CI) = a visible skip.
import { NOTE_MAX_BYTES, readOrThrow } from "../fsread.js";
import { KIND } from "../wasm/abi.js";
import { executeValidator, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import { isInside, toRepoPath } from "../repo.js";
import { NoteStore } from "../state/store.js";
import { resolveNotesRoot } from "../state/paths.js";
import { notePaths } from "../state/notes.js";
import { StateError } from "../state/errors.js";

export interface SessionStateCheckOptions {
  /** Workspace directory (its worktree and config choose the notes root). */
  cwd: string;
  notesDir?: string;
  /** Session to check (default: the current one). */
  sessionId?: string;
}

export async function validateSessionState(opts: SessionStateCheckOptions): Promise<ValidatorOutput> {
  const r = resolveNotesRoot({ cwd: opts.cwd, notesDir: opts.notesDir });
  const store = new NoteStore(r.notesRoot);
  const rel = (abs: string) => (isInside(abs, r.worktree) ? toRepoPath(abs, r.worktree) : abs.split("\\").join("/"));
  let file = rel(store.file(notePaths.pointer));
  let bytes: Uint8Array = new Uint8Array(0);
  const facts: Facts = {};
  try {
    const id = opts.sessionId ?? store.readPointer();
    file = rel(store.file(notePaths.state(id)));
    const { state, text } = store.readState(id);
    bytes = new TextEncoder().encode(text);
    facts.stateStatus = "ok";
    facts.currentMode = state.currentMode;
    facts.protocolStartComplete = state.protocolStartComplete;
    facts.protocolStartEvidence = Object.keys(state.protocolStartEvidence).filter((k) => state.protocolStartEvidence[k].trim() !== "").sort();
  } catch (e) {
    if (!(e instanceof StateError)) throw e;
    facts.stateDetail = `${e.code}: ${e.message}`;
    if (e.code === "NO_CURRENT_SESSION" || e.code === "NOT_FOUND") facts.stateStatus = "missing";
    else if (e.code === "SCHEMA_INVALID" || e.code === "INVALID_INPUT") {
      facts.stateStatus = "invalid";
      const issues = (e.details?.issues ?? []) as { path: string; message: string }[];
      facts.stateIssues = issues.map((i) => `${i.path}: ${i.message}`.replace(/[\r\n]+/g, " "));
    } else facts.stateStatus = "corrupt";
    try {
      bytes = readOrThrow(r.notesRoot + "/" + file.slice(file.lastIndexOf("sessions/")), { maxBytes: NOTE_MAX_BYTES });
    } catch {
      /* no bytes: the rules only use the facts */
    }
  }
  if (facts.stateStatus === "missing") {
    // no state to check (CI checkouts have none): a visible skip, never a failure
    return { results: [{ file, validator: "session-state", verdict: "skip", reason: `no session state (${facts.stateDetail}): state-dependent checks skipped`, findings: [] }], global: {}, internalErrors: [] };
  }
  const doc: ContentDoc = { file, kind: KIND.SESSION_STATE, bytes };
  return executeValidator("session-state", [doc], facts);
}
