// One session identity (issue 40 item 1): the seeds' `YYYY-MM-DD-session-NN`, the same string for the
// SessionStart hook, the session state (`session current`), the gate, the MCP server's protocol
// session, the session log's file name, manifests and checkpoints. Every surface that starts a
// session asks `sessionIdentity` and none invents its own number:
//   - a session already current in the session state (the hook started it) is adopted by the MCP
//     server's session_start, and a protocol session the MCP server started is adopted by the hook;
//   - otherwise NN is one more than the highest number used *today* by a session log, a session
//     state or a protocol history entry, two digits at least (01, 02, … 99, 100).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { resolveNotesRoot } from "./state/paths.js";
import { NoteStore } from "./state/store.js";

export const SESSION_NAME_RE = /^(\d{4}-\d{2}-\d{2})-session-(\d+)$/;

/** Whether `id` is a session name of the seeds' form. */
export const isSessionName = (id: string): boolean => SESSION_NAME_RE.test(id);

/** `<date>-session-NN`: one past the highest NN that `names` use on `date` (names may carry a suffix: `…-session-07-fix.json`). */
export function nextSessionName(date: string, names: Iterable<string>): string {
  const re = /^(\d{4}-\d{2}-\d{2})-session-(\d+)/;
  let max = 0;
  for (const n of names) {
    const m = re.exec(n);
    if (m && m[1] === date) max = Math.max(max, Number(m[2]));
  }
  return `${date}-session-${String(max + 1).padStart(2, "0")}`;
}

/** File names in `dir` (none when it cannot be listed). */
export function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The session-state side: the current session id (undefined when none or unreadable) and every state's id. */
export function stateSessions(root: string, notesDir?: string): { current?: string; ids: string[] } {
  const r = resolveNotesRoot({ cwd: root, notesDir });
  const ids: string[] = [];
  for (const n of namesIn(join(r.notesRoot, "sessions"))) {
    const m = /^session-(.+)\.md$/.exec(n);
    if (m) ids.push(m[1]);
  }
  let current: string | undefined;
  try {
    current = new NoteStore(r.notesRoot).readPointer();
  } catch {
    current = undefined;
  }
  return { current, ids };
}
