// The hook gate's memory of "these exact state bytes passed SS-002 under this core build", so that
// an unchanged state does not start the WebAssembly core on every tool call (issue 13: the gate
// runs once per tool call; the core's first call is most of its cost beyond Node's start-up).
//
// One small file beside the state note, `sessions/.session-<id>.gate-ok` (a dot-file without `.md`:
// basic-memory and the store's listings skip it), holding a header (format, core build id, session
// id) and then the state note's whole text. A hit needs the file to equal the header plus the text
// the gate just read, character for character: no hash to collide, so a changed state (valid or
// not) is always a miss and goes through the core. Anything unusual (no build id, missing,
// unreadable, oversized or foreign cache file) is a miss as well; the gate never fails open
// through this file. It is written atomically (temp file + rename) after the core said "valid",
// and a failed write (read-only notes folder) is ignored.
import { writeFileConfined } from "../fswrite.js";
import { dirname, join } from "node:path";
import { NOTE_MAX_BYTES, readTextBounded } from "../fsread.js";

/**
 * Identity of the core build and of the host code that reads its findings: a hash of the
 * WebAssembly module and of the gate bundle, defined by scripts/bundle-gate.mjs in the two gate
 * bundles only. Elsewhere (the CLI, the library, tests importing the sources) it is undefined and
 * the cache is never used.
 */
declare const __AGENTCHECK_CORE_ID__: string | undefined;

export function coreBuildId(): string | undefined {
  return typeof __AGENTCHECK_CORE_ID__ === "string" && __AGENTCHECK_CORE_ID__ !== "" ? __AGENTCHECK_CORE_ID__ : undefined;
}

const FORMAT = "agentcheck gate-ok v1";

export interface ValidityCache {
  /** True only when these exact note bytes were validated (SS-002 clean) under this core build. */
  isValid(sessionId: string, noteText: string): boolean;
  /** Record that the core found these note bytes valid (best effort; never throws). */
  remember(sessionId: string, noteText: string): void;
}

/** The cache file of a state note file (`.../sessions/session-<id>.md`). */
export function cacheFileOf(stateNoteFile: string): string {
  const dir = dirname(stateNoteFile);
  const name = stateNoteFile.slice(dir.length + 1);
  const base = name.endsWith(".md") ? name.slice(0, -3) : name;
  return join(dir, `.${base}.gate-ok`);
}

function header(buildId: string, sessionId: string): string {
  return `${FORMAT}\n${buildId}\n${sessionId}\n`;
}

/**
 * The cache for the notes of one store; `fileOf(sessionId)` names the state note file. With
 * `buildId` undefined, every lookup is a miss and nothing is written.
 */
export function validityCache(fileOf: (sessionId: string) => string, notesRoot: string, buildId: string | undefined = coreBuildId()): ValidityCache {
  return {
    isValid(sessionId, noteText) {
      if (buildId === undefined) return false;
      try {
        const expected = header(buildId, sessionId) + noteText;
        // a bound, not the size: a file larger than the expected text is a miss either way (three
        // UTF-8 bytes at most per UTF-16 unit; Buffer.byteLength's code costs the gate 0.15 M instructions)
        const r = readTextBounded(cacheFileOf(fileOf(sessionId)), { maxBytes: Math.min(NOTE_MAX_BYTES + 4096, expected.length * 3 + 1), root: notesRoot, rootLabel: "the notes folder" });
        return r.ok && r.text === expected;
      } catch {
        return false;
      }
    },
    remember(sessionId, noteText) {
      if (buildId === undefined) return;
      try {
        // the confined writer, without fsync (a lost entry is a miss): never through a link out of the notes folder
        writeFileConfined(cacheFileOf(fileOf(sessionId)), header(buildId, sessionId) + noteText, { root: notesRoot, rootLabel: "the notes folder", mode: 0o644, durable: false });
      } catch {
        /* no cache */
      }
    },
  };
}
