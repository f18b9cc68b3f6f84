// A read-modify-write of a small text file: the bounded, confined read (src/fsread.ts) and the atomic
// confined write (src/fswrite.ts), one floor above both so that neither imports the other.
import { CONFIG_MAX_BYTES, readTextBounded } from "./fsread.js";
import { WriteRefusedError, writeFileConfined, type WriteOptions } from "./fswrite.js";

/**
 * Append-style edit of a small text file (`.gitignore`): its current text read bounded and confined
 * (missing = ""), `edit` gives the new text (undefined = leave it), written atomically. A file that
 * links out of `root`, is not a regular file or is not UTF-8 is refused, never read or written.
 */
export function editTextConfined(abs: string, edit: (text: string) => string | undefined, opts: WriteOptions & { maxBytes?: number }): { changed: boolean; path: string } {
  const r = readTextBounded(abs, { maxBytes: opts.maxBytes ?? CONFIG_MAX_BYTES, root: opts.root, ...(opts.rootLabel ? { rootLabel: opts.rootLabel } : {}) });
  let text = "";
  if (!r.ok) {
    if (r.refusal.reason !== "missing") throw new WriteRefusedError(`${abs}: ${r.refusal.detail}`);
  } else text = r.text;
  const next = edit(text);
  if (next === undefined || next === text) return { changed: false, path: abs };
  return { changed: true, path: writeFileConfined(abs, next, opts) };
}
