// Which session folders hold a manifest: the one discovery of `check`, the manifest validator and the
// library (no dependencies beyond the source, so the command registry can import it without loading
// the validator).
import type { FileSource } from "../source.js";
import { MANIFEST_SESSIONS_DIR } from "../config-paths.js";

/**
 * Session folder names under agents/sessions/ that hold a state.json of any kind, sorted: a state.json
 * that is a link, a FIFO or a folder is listed too, so that reading it reports the refusal (a session
 * the commands cannot read is never silently left out).
 */
export function discoverSessions(source: FileSource): string[] {
  const dirs = source.list(MANIFEST_SESSIONS_DIR) ?? [];
  return dirs.filter((d) => d.type === "dir" && source.type(`${MANIFEST_SESSIONS_DIR}/${d.name}/state.json`) !== undefined).map((d) => d.name).sort();
}
