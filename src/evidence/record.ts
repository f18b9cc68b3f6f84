// Content evidence recorded with an ending commit (issue 35): the blob id of every file a session's
// range changed, so that a later check recognises the work on HEAD's history after the session's own
// commits are gone (a squash merge, its branch deleted and garbage collected) or rewritten (a rebase,
// an amend). A JSON session log carries it as its root `contentEvidence` ({ "files": { path: blob } },
// "0" for a deleted file); SP-130 reads it (assembly/validators/session-log/json/git-rules.ts).
import { gitRaw, splitZ } from "../git-run.js";

export interface ContentEvidence {
  files: Record<string, string>;
}

/**
 * The content evidence of `<start>..<end>`: every path `git diff --raw --no-renames <start> <end>`
 * lists, with its blob id at <end> ("0": deleted). Undefined when git cannot answer (no such commit)
 * or nothing changed: no evidence is better than an empty one.
 */
export function contentEvidence(root: string, start: string, end: string): ContentEvidence | undefined {
  if (!start || !end || start.startsWith("-") || end.startsWith("-")) return undefined;
  const r = gitRaw(root, ["diff", "--raw", "-z", "--no-renames", "--no-abbrev", start, end, "--"]);
  if (r.status !== 0) return undefined;
  const files: Record<string, string> = {};
  const fields = splitZ(r.stdout);
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i].split(" ");
    const blob = meta[3] ?? "";
    files[fields[i + 1]] = /^0+$/.test(blob) ? "0" : blob;
  }
  return Object.keys(files).length > 0 ? { files } : undefined;
}
