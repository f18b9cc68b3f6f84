// Content evidence recorded with an ending commit (issue 35): the blob id of every file a session's
// range changed, so that a later check recognises the work on HEAD's history after the session's own
// commits are gone (a squash merge, its branch deleted and garbage collected) or rewritten (a rebase,
// an amend). A JSON session log carries it as its root `contentEvidence` ({ "files": { path: blob } },
// "0" for a deleted file) and, for its QA report, `qaContentEvidence` ({ "commit": qaCommit, "files":
// the blobs of the files QA covered }); SP-130 and SP-131 read them
// (assembly/validators/session-log/json/git-rules.ts).
//
// One library, called from every surface that records an ending commit or QA evidence: `session end`
// (CLI, the Stop / SessionEnd hooks, the Inngest workflow: protocolEndEvidence.contentEvidence, and the
// JSON log itself with `--write-log`), the MCP server's session_end, the manifests' commits.
import { join } from "node:path";
import { executeValidator, type Facts } from "../engine.js";
import { readTextBounded, DEFAULT_READ_LIMIT } from "../fsread.js";
import { writeFileConfined } from "../fswrite.js";
import { gitRaw, gitVerify, splitZ } from "../git-run.js";
import { MODE_FLAGS } from "../scope.js";
import { KIND } from "../wasm/abi.js";
import { decodeList } from "../wasm/list.js";

export interface ContentEvidence {
  files: Record<string, string>;
}

/** QA evidence's fingerprint: the QA report's qaCommit and the blobs, at it, of the files QA covered. */
export interface QaContentEvidence extends ContentEvidence {
  commit: string;
}

const optionLike = (s: string) => s.startsWith("-");

/** `git diff --raw -z` / `git diff-tree --raw -z` output as path -> blob ("0": deleted). */
function blobsOf(out: Buffer): Record<string, string> {
  const files: Record<string, string> = {};
  const fields = splitZ(out);
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i].split(" ");
    const blob = meta[3] ?? "";
    files[fields[i + 1]] = /^0+$/.test(blob) ? "0" : blob;
  }
  return files;
}

/**
 * The content evidence of `<start>..<end>`: every path `git diff --raw --no-renames <start> <end>`
 * lists, with its blob id at <end> ("0": deleted). `start` undefined: the commit `end`'s own changes
 * against its first parent (a root commit: against the empty tree), as a manifest records one commit.
 * Undefined when git cannot answer (no such commit) or nothing changed: no evidence is better than an
 * empty one.
 */
export function contentEvidence(root: string, start: string | undefined, end: string): ContentEvidence | undefined {
  if (!end || optionLike(end) || (start !== undefined && (!start || optionLike(start)))) return undefined;
  const r = start === undefined
    ? gitRaw(root, ["diff-tree", "-r", "-z", "--root", "--no-renames", "--no-abbrev", "--no-commit-id", end, "--"])
    : gitRaw(root, ["diff", "--raw", "-z", "--no-renames", "--no-abbrev", start, end, "--"]);
  if (r.status !== 0) return undefined;
  const files = blobsOf(r.stdout);
  return Object.keys(files).length > 0 ? { files } : undefined;
}

/** What recordLogEvidence did to a JSON session log. */
export interface LogEvidenceResult {
  /** The log was rewritten (a change to commit). */
  written: boolean;
  /** Why nothing was written, when nothing was. */
  reason?: string;
  endingCommit?: string;
  contentEvidence?: ContentEvidence;
  qaContentEvidence?: QaContentEvidence;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The range whose files a log's QA report covered (`<startingCommit>..<qaCommit>`), as the core
 * decides it for SP-131 (its extract pass: need.qa, then need.qaRanges with the report read); undefined
 * when the log names no readable QA report with a valid qaCommit, or no starting commit.
 */
function qaCovered(root: string, logRel: string, bytes: Uint8Array, maxBytes: number): string | undefined {
  const doc = { file: logRel, kind: KIND.SESSION_JSON, bytes, flags: MODE_FLAGS.full };
  const data = (facts: Facts) => executeValidator("session-log", [doc], { ...facts, git: true, phase: "extract" }, { separable: true }).results[0]?.data ?? {};
  const qa = data({})["need.qa"];
  if (!qa || optionLike(qa)) return undefined;
  const report = readTextBounded(join(root, qa), { maxBytes, root });
  if (!report.ok) return undefined;
  const ranges = decodeList(data({ [`qa.report.${qa}`]: report.text })["need.qaRanges"] ?? "").filter((l) => l.length > 0);
  // [window, covered]: the covered range is present only when the log names a starting commit
  return ranges.length === 2 ? ranges[1] : undefined;
}

/**
 * Record in a JSON session log what verification needs after its branch is gone (issue 35): its
 * `endingCommit` (HEAD when the log names none yet), the root `contentEvidence` of
 * `<startingCommit>..<endingCommit>` and, when it names a QA report with a qaCommit, the root
 * `qaContentEvidence` (the blobs at qaCommit of the files QA covered). `start`: the session's starting
 * commit. Writes only what changes (a log already carrying this evidence is left as it is); the log is
 * read and written through the confined, size-bounded layer. The caller says to commit the log.
 */
export function recordLogEvidence(root: string, logRel: string, start: string, o: { maxBytes?: number } = {}): LogEvidenceResult {
  const maxBytes = o.maxBytes ?? DEFAULT_READ_LIMIT;
  if (!logRel.endsWith(".json")) return { written: false, reason: "not a JSON session log" };
  const abs = join(root, logRel);
  const read = readTextBounded(abs, { maxBytes, root });
  if (!read.ok) return { written: false, reason: `cannot read ${logRel}: ${read.refusal.reason}` };
  let log: unknown;
  try {
    log = JSON.parse(read.text);
  } catch {
    return { written: false, reason: `${logRel} is not valid JSON` };
  }
  if (!isObj(log)) return { written: false, reason: `${logRel} is not a JSON object` };
  const named = typeof log.endingCommit === "string" ? log.endingCommit.trim() : "";
  const end = named ? gitVerify(root, named) : gitVerify(root, "HEAD");
  if (!end) return { written: false, reason: named ? `endingCommit ${named} is not a commit of this repository` : "the repository has no commit yet" };
  const out: LogEvidenceResult = { written: false, endingCommit: named || end };
  const next: Record<string, unknown> = { ...log };
  if (!named) next.endingCommit = end;
  const content = start ? contentEvidence(root, start, end) : undefined;
  if (content) next.contentEvidence = out.contentEvidence = content;
  const covered = qaCovered(root, logRel, new TextEncoder().encode(JSON.stringify(next)), maxBytes);
  if (covered) {
    const [a, qaCommit] = covered.split("..");
    const qa = contentEvidence(root, a, qaCommit);
    if (qa) next.qaContentEvidence = out.qaContentEvidence = { commit: qaCommit, files: qa.files };
  }
  if (same(next, log)) return { ...out, reason: "the log already records this evidence" };
  const m = /\n([ \t]+)\S/.exec(read.text);
  writeFileConfined(abs, JSON.stringify(next, null, m ? m[1] : "  ") + "\n", { root });
  return { ...out, written: true };
}
