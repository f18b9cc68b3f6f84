// The bytes of the selected session logs, each through one bounded read (src/fsread.ts): from the
// working tree, the run's FileSource (the git index for --staged) or, in a commit hook, the staged blob.
// A log that cannot be read is a problem result (AC-90x); one that resolves outside the repository
// is handed to the core unread (SP-003), a named one that is missing flagged (SP-002).
import { realpathSync } from "node:fs";
import { KIND } from "../wasm/abi.js";
import { problemResult, readArtifact, refusalFinding, type ContentDoc } from "../engine.js";
import { toRepoPath, isInside } from "../repo.js";
import type { FileResult } from "../report.js";
import type { FileSource } from "../source.js";
import { readBounded } from "../fsread.js";
import { MODE_FLAGS } from "../scope.js";
import { FLAGS } from "../wasm/contract.js";
import { isMarkdown } from "../glob.js";
import type { LogRun } from "./session-log-run.js";
import type { Selection } from "./session-log-select.js";

/** Document flag: an explicitly named log that does not exist (SP-002). */
export const FLAG_MISSING = FLAGS.sessionLog.MISSING;
/** Document flag: the log resolves outside the repository and was not read (SP-003 only). */
export const FLAG_UNREAD = FLAGS.sessionLog.UNREAD;
/** The log's resolved path is its own name (no fact real.<name>; SP-003). */
const FLAG_REAL_SELF = FLAGS.sessionLog.REAL_SELF;

function realOf(abs: string, realRoot: string): string | undefined {
  try {
    const real = realpathSync.native(abs); // one realpath(3) call, not an lstat per path component
    return isInside(real, realRoot) ? toRepoPath(real, realRoot) : real;
  } catch {
    return undefined;
  }
}

/** The selected logs as documents for the core (resolutions go into the run's facts as real.<name>), and the logs that could not be read. */
export async function readLogs(run: LogRun, sel: Selection): Promise<{ docs: ContentDoc[]; problems: FileResult[] }> {
  const { opts, root, realRoot, source, git, context, explicit, facts } = run;
  const { files, discovered, entries, logFlags } = sel;
  const docs: ContentDoc[] = [];
  const problems: FileResult[] = [];
  // pre-commit: validate what will be committed (the staged blob), not the working tree
  const fromIndex = context === "pre-commit" && git !== undefined && !explicit;
  let indexSource: FileSource | undefined;
  /**
   * A log on disk through the bounded reader. A log that resolves outside the repository is never
   * read: the core gets it unread (FLAG_UNREAD) with its resolution, and reports SP-003.
   */
  const realDirs = new Map<string, string>();
  /** A read log; its resolved path (links followed) as the flag REAL_SELF when it is its own name (the usual case), else as the fact real.<name>. */
  const addLog = (rel: string, kind: number, flags: number, bytes: Uint8Array, real: string): void => {
    if (real === rel) docs.push({ file: rel, kind, flags: flags | FLAG_REAL_SELF, bytes });
    else {
      docs.push({ file: rel, kind, flags, bytes });
      facts[`real.${rel}`] = real;
    }
  };
  const loadLog = (abs: string, rel: string, kind: number, flags: number, missingFlag: boolean): void => {
    // a path named outside the workspace is the user's explicit choice: read it (SP-003 reports it)
    const within = isInside(abs, root) ? root : undefined;
    // one bounded read (it inspects the path first: a log resolving outside is refused unread)
    const r = readBounded(abs, { maxBytes: opts.maxFileBytes, root: within, realDirs, entry: entries.get(abs) });
    // (a name that is not UTF-8 is there under its bytes: the reader's AC-901 says so, below)
    if (!r.ok && missingFlag && r.refusal.reason === "missing" && !rel.includes("\ufffd")) {
      // a named log that is not there (SP-002): the path itself does not exist (a dangling link is AC-901)
      docs.push({ file: rel, kind, flags: flags | FLAG_MISSING, bytes: new Uint8Array(0) });
      return;
    }
    if (!r.ok && r.refusal.reason === "outside") {
      docs.push({ file: rel, kind, flags: flags | FLAG_UNREAD, bytes: new Uint8Array(0) });
      facts[`real.${rel}`] = realOf(abs, realRoot) ?? "/";
      return;
    }
    if (!r.ok) {
      problems.push(problemResult("session-log", refusalFinding(rel, r.refusal)));
      return;
    }
    // the resolved path of the read, repo-relative when inside
    addLog(rel, kind, flags, r.bytes, isInside(r.info.real, realRoot) ? toRepoPath(r.info.real, realRoot) : r.info.real);
    // kept for the inline-directive pass, which reads markdown files only (src/adoption.ts
    // applyDirectives): a JSON log's bytes (most of a sessions folder) are not held to the end of the run
    if (isMarkdown(abs)) opts.sources?.set(abs, r.bytes);
  };
  for (const abs of files.sort()) {
    const rel = isInside(abs, root) ? toRepoPath(abs, root) : abs.split("\\").join("/");
    const kind = abs.toLowerCase().endsWith(".json") ? KIND.SESSION_JSON : KIND.SESSION_MD;
    const flags = logFlags?.[rel] ?? MODE_FLAGS[opts.mode ?? "full"];
    if (opts.files && source.kind === "disk") {
      // scoped run over the working tree: same bounded reader as a full run (SP-003 included)
      loadLog(abs, rel, kind, flags, true);
      continue;
    }
    if (opts.files || fromIndex) {
      // scoped run: read through the run's source (the git index for --staged); a pre-commit run
      // without a scope reads the staged blob. One bounded read either way (readArtifact).
      const src = opts.files ? source : (indexSource ??= new (await import("../index-source.js")).IndexSource(root));
      if (src.size(rel) === undefined && src.type(rel) === undefined) {
        docs.push({ file: rel, kind, flags: flags | FLAG_MISSING, bytes: new Uint8Array(0) });
        continue;
      }
      const r = readArtifact(src, rel, opts.maxFileBytes);
      if (r.problem) problems.push(problemResult("session-log", r.problem));
      // a staged symlink is read through its target in the index: that is its resolved path (SP-003)
      else addLog(rel, kind, flags, r.bytes!, src.resolvedPath && src.type(rel) === "symlink" ? src.resolvedPath(rel) : rel);
      continue;
    }
    loadLog(abs, rel, kind, flags, !discovered);
  }
  return { docs, problems };
}
