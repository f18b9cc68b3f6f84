// Helpers of the repository-bound JSON rules SP-130 (ending commit reachable), SP-131 (QA report bound
// to the session), SP-132 (QA skip scope); the rules are SP-130.ts, SP-131.ts, SP-132.ts. Without git facts they are skipped with SP-090 (shared with the
// markdown rules: git facts unavailable).
// Facts (from the host): git.available, git.unavailable, git.shallow, git.commit.<sha>
// (a list: "ancestor" | "landed" | "off-history" | "missing", then the full SHA), git.diff.<a>..<b> (changed files),
// git.diffError.<a>..<b>, qa.report.<path> (text), qa.unreadable.<path> (reason).
import { msg, msgItem } from "../../../rules";
import { Input } from "../../../io";
import { JValue, J_OBJ, J_STR } from "../../../lib/json";
import { JsonLog, itemEvidence, isSha, str } from "./model";
import { QA_SKIP_DOCS, QA_SKIP_INVESTIGATION } from "./model";
import { SP090 } from "../SP-090";
import { encodeList } from "../../../lib/list";
import { nonDocFiles, nonInvestigationFiles, sessionsDir, memoriesDir, isAudit, DEFAULT_QA_DIR } from "../qa-scope";

/** The folder of the QA reports the JSON rules read (the default QA folder; the host guards reads with the same one). */
export const QA_ROOT = DEFAULT_QA_DIR + "/";

export function gitReady(log: JsonLog, what: string): bool {
  const input = log.ctx.input;
  if (!input.factBool("git.available", false)) {
    const why = input.fact("git.unavailable");
    log.ctx.report(SP090, log.at(null), msg("notCheckedGitFacts").s("what", what).s("detail", (why !== null ? why! : msgItem(msg("noRepositoryInformation")))));
    return false;
  }
  return true;
}

/** An ancestor of HEAD. */
export const COMMIT_ANCESTOR = "ancestor";
/** Not an ancestor, but its changes are on HEAD's history by content (squash, rebase, cherry-pick, amend; src/evidence/landed.ts). */
export const COMMIT_LANDED = "landed";
/** In the repository, not an ancestor, its changes not on HEAD's history. */
export const COMMIT_OFF_HISTORY = "off-history";
/** No such commit in the repository. */
export const COMMIT_MISSING = "missing";

/** A cited commit's class (fact git.commit.<sha>, a list: class, full SHA): COMMIT_*; null: not checked. */
export function commitFact(input: Input, sha: string): string | null {
  const v = input.factList("git.commit." + sha);
  return v === null || v.length == 0 ? null : v[0];
}

/**
 * The class SP-130 and SP-131 act on for a cited commit (null: not checked). An off-history commit
 * whose content the host compared with HEAD's history (details "#<files written>", then "~<path>":
 * on HEAD's history with other content, "-<path>": never there) counts as landed when it wrote
 * something and the only files that differ are audit artifacts (session logs, analysis, memories:
 * isAudit) that HEAD's history has: the session log rewritten to record its own ending commit, a
 * memory edited again since, are bookkeeping, not the work.
 */
export function commitClass(log: JsonLog, sha: string): string | null {
  return commitClassOf(log.ctx.input, sha);
}

/** commitClass for any log (the markdown SP-041 too): the run's memories and sessions folders from the input. */
export function commitClassOf(input: Input, sha: string): string | null {
  const v = input.factList("git.commit." + sha);
  if (v === null || v.length == 0) return null;
  const c = v[0];
  if (c != COMMIT_OFF_HISTORY || v.length < 3 || !v[2].startsWith("#")) return c;
  if (I32.parseInt(v[2].substring(1)) <= 0) return c;
  const mem = memoriesDir(input);
  const sess = sessionsDir(input);
  for (let i = 3; i < v.length; i++) {
    const e = v[i];
    if (!e.startsWith("~") || !isAudit(e.substring(1), mem, sess)) return c;
  }
  return COMMIT_LANDED;
}

/**
 * The log arrived on this branch through a merge (fact git.mergedLogs, set by the host when some
 * cited commit is absent: the logs no non-merge commit of HEAD's first-parent line added or changed).
 * Another branch authored it and the commits it cites went with that branch (squash merged, deleted):
 * what it cannot show here is noted (SP-090 mergedLogNotVerifiable), never a failure of a branch that
 * did not write it; what it can show (an ancestor, a commit that exists but did not land) is judged.
 */
export function arrivedByMerge(log: JsonLog): bool {
  return arrivedByMergeNamed(log.ctx.input, log.ctx.doc.name);
}

/** The log `name` (a JSON or markdown log) arrived through a merge (fact git.mergedLogs; arrivedByMerge). */
export function arrivedByMergeNamed(input: Input, name: string): bool {
  const v = input.factList("git.mergedLogs");
  if (v === null) return false;
  for (let i = 0; i < v.length; i++) if (v[i] == name) return true;
  return false;
}

/**
 * A recorded fingerprint's `files` object (path -> blob id, "0" for a deleted file) as "<blob> <path>"
 * entries; [] when absent or not of that shape.
 */
function blobEntries(files: JValue | null): string[] {
  const out: string[] = [];
  if (files === null || files.kind != J_OBJ) return out;
  const keys = files.keys;
  for (let i = 0; i < keys.length; i++) {
    const v = files.get(keys[i]);
    if (v === null || v.kind != J_STR || keys[i].length == 0) return [];
    const b = v.s;
    if (b != "0" && (b.length < 40 || !isSha(b))) return [];
    out.push(b + " " + keys[i]);
  }
  return out;
}

/**
 * The content fingerprint a log recorded (root `contentEvidence.files`: path -> blob id, "0" for a
 * deleted file; what `agentcheck session end` records for the session's range), as "<blob> <path>"
 * entries for the host (need.blobs); [] when absent or not of that shape.
 */
export function recordedBlobs(log: JsonLog): string[] {
  const ce = log.root.get("contentEvidence");
  return blobEntries(ce !== null && ce.kind == J_OBJ ? ce.get("files") : null);
}

/**
 * The QA fingerprint a log recorded (root `qaContentEvidence`: { commit: the QA report's qaCommit,
 * files: the blobs, at it, of the files QA covered }), as "<blob> <path>" entries; `qaCommit`: only the
 * fingerprint of that commit ("" any). [] when absent, of another commit or not of that shape.
 */
export function recordedQaBlobs(log: JsonLog, qaCommit: string): string[] {
  const q = log.root.get("qaContentEvidence");
  if (q === null || q.kind != J_OBJ) return [];
  const c = str(q, "commit");
  if (c === null || (qaCommit.length > 0 && c! != qaCommit)) return [];
  return blobEntries(q.get("files"));
}

/**
 * Every "<blob> <path>" entry of `want` is on HEAD's history (fact git.blobsOnHistory: "=<blob>
 * <path>" for a recorded blob there, "~<blob> <path>" for a recorded path there with other content),
 * audit artifacts (isAudit) needing only their path, as commitClass judges a commit.
 */
function blobsLanded(log: JsonLog, want: string[]): bool {
  if (want.length == 0) return false;
  const set = log.ctx.input.factSet("git.blobsOnHistory");
  if (set === null) return false;
  const mem = memDir(log);
  const sess = sessDir(log);
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    if (set.has("=" + w)) continue;
    if (set.has("~" + w) && isAudit(w.substring(w.indexOf(" ") + 1), mem, sess)) continue;
    return false;
  }
  return true;
}

/**
 * The work a log's contentEvidence names is on HEAD's history (blobsLanded). So the work is recognised
 * after its commits are gone (squash merge, branch deleted, gc).
 */
export function recordedContentLanded(log: JsonLog): bool {
  return blobsLanded(log, recordedBlobs(log));
}

/** qaContentClass: no usable QA fingerprint (the QA commit alone decides). */
export const QA_CONTENT_NONE: i32 = 0;
/** The code QA covered landed on HEAD's history and is, at the session's end, as QA saw it. */
export const QA_CONTENT_VALID: i32 = 1;
/** The code QA covered landed, but a covered code file differs at the session's end. */
export const QA_CONTENT_STALE: i32 = 2;

/**
 * SP-131 by recorded content (issue 35), for a QA commit that is absent or did not land as is: the
 * log's qaContentEvidence for that commit (the blobs of the files QA covered) and its contentEvidence
 * (the blobs of the session's range at its end). VALID when every covered blob is on HEAD's history
 * (blobsLanded) and every covered code file (not an audit artifact, not under the QA folder) has the
 * same blob at the session's end; STALE when one differs there (or is absent from the session's range:
 * changed back after QA); NONE without both fingerprints, or when the covered blobs are not on HEAD's
 * history.
 */
export function qaContentClass(log: JsonLog, qaCommit: string): i32 {
  const qa = recordedQaBlobs(log, qaCommit);
  const end = recordedBlobs(log);
  if (qa.length == 0 || end.length == 0 || !blobsLanded(log, qa)) return QA_CONTENT_NONE;
  const atEnd = new Map<string, string>();
  for (let i = 0; i < end.length; i++) {
    const sp = end[i].indexOf(" ");
    atEnd.set(end[i].substring(sp + 1), end[i].substring(0, sp));
  }
  const mem = memDir(log);
  const sess = sessDir(log);
  for (let i = 0; i < qa.length; i++) {
    const sp = qa[i].indexOf(" ");
    const p = qa[i].substring(sp + 1);
    if (isAudit(p, mem, sess) || p.startsWith(QA_ROOT)) continue;
    if (!atEnd.has(p) || atEnd.get(p) != qa[i].substring(0, sp)) return QA_CONTENT_STALE;
  }
  return QA_CONTENT_VALID;
}

export function qaItem(log: JsonLog): JValue | null {
  const end = log.section("sessionEnd");
  if (end === null) return null;
  const q = end.get("qaValidation");
  return q !== null && q.kind == J_OBJ ? q : null;
}

// SP-050..SP-052 classification: shared with the markdown rules (../qa-scope.ts)

export function memDir(log: JsonLog): string {
  return memoriesDir(log.ctx.input);
}

/** The sessions directory (fact sessions.dir, config paths.sessions). */
export function sessDir(log: JsonLog): string {
  return sessionsDir(log.ctx.input);
}

/** Files that disqualify the skip label; null when the scope is eligible. */
export function disqualifying(files: string[], docsOnly: bool, mem: string, sess: string): string[] | null {
  if (docsOnly) {
    const nd = nonDocFiles(files, mem, sess);
    if (nd === null) return [msgItem(msg("noChangedFilesUnknownScope"))];
    return nd.length > 0 ? nd : null;
  }
  const bad = nonInvestigationFiles(files, mem, sess);
  return bad.length > 0 ? bad : null;
}


function isPathEnd(c: i32): bool {
  return c <= 32 || c == 96 || c == 39 || c == 34 || c == 41 || c == 93 || c == 44 || c == 59 || c == 60 || c == 62 || c == 124;
}

/** A log's claim of a QA report (SP-131): its qaValidation item and the report path it names. */
export class QaClaim {
  /**
   * The qaValidation item whose evidence is not exactly a skip label, complete or not (null: no
   * claim, SP-131 has nothing to check). Completion does not gate the claim, as it does not gate the
   * skip label of SP-132: a required item demoted to SHOULD, incomplete and justified, passes SP-114,
   * and without this SP-131 would let it pass with no QA report at all (spec SP-131; today's upstream
   * binds every qaValidation the same way).
   */
  item: JValue | null = null;
  /** The first path under the QA root its evidence names ("" when none: SP-131 reports it). */
  path: string = "";
}

/**
 * The QA report claim SP-131 checks, decided once for the rule and for the extract pass: the host
 * reads `path` into the fact qa.report.<path>, learning it from the first pass (phase "extract": data
 * need.qa, ./index.ts).
 */
export function qaClaim(log: JsonLog): QaClaim {
  const out = new QaClaim();
  const q = qaItem(log);
  if (q === null) return out;
  const ev = itemEvidence(q);
  const t = ev.trim();
  if (t == QA_SKIP_DOCS || t == QA_SKIP_INVESTIGATION) return out;
  out.item = q;
  out.path = qaPath(ev);
  return out;
}

/** The first path under the QA root named in a text ("" when none). */
export function qaPath(ev: string): string {
  const i = ev.indexOf(QA_ROOT);
  if (i < 0) return "";
  let e = i;
  while (e < ev.length && !isPathEnd(ev.charCodeAt(e))) e++;
  while (e > i && (ev.charCodeAt(e - 1) == 46 || ev.charCodeAt(e - 1) == 58)) e--;
  return ev.substring(i, e);
}

export const SKIP_SCOPE_OK: i32 = 0;
/** startingCommit or endingCommit missing or empty. */
export const SKIP_SCOPE_MISSING: i32 = 1;
/** startingCommit or endingCommit not a commit SHA. */
export const SKIP_SCOPE_NOT_SHA: i32 = 2;

/** A log's claim of a QA skip (SP-132): the item, which label, and the range whose changes decide it. */
export class SkipClaim {
  /** The qaValidation item whose evidence is exactly a skip label (null: no skip claimed). */
  item: JValue | null = null;
  docsOnly: bool = false;
  /** SKIP_SCOPE_OK, or why the range is unknown. */
  problem: i32 = SKIP_SCOPE_OK;
  /** startingCommit..endingCommit ("" unless problem is SKIP_SCOPE_OK). */
  range: string = "";
}

/** The QA skip claim SP-132 verifies, decided once for the rule and for the extract pass (need.range). */
export function skipClaim(log: JsonLog): SkipClaim {
  const out = new SkipClaim();
  const q = qaItem(log);
  if (q === null) return out;
  const ev = itemEvidence(q).trim();
  if (ev != QA_SKIP_DOCS && ev != QA_SKIP_INVESTIGATION) return out;
  out.item = q;
  out.docsOnly = ev == QA_SKIP_DOCS;
  const start = log.sessionStr("startingCommit");
  const end = str(log.root, "endingCommit");
  if (start === null || end === null || start.length == 0 || end.length == 0) out.problem = SKIP_SCOPE_MISSING;
  else if (!isSha(start!) || !isSha(end!)) out.problem = SKIP_SCOPE_NOT_SHA;
  else out.range = start! + ".." + end!;
  return out;
}

export const QA_REPORT_OK: i32 = 0;
/** No front matter, a repeated key or an unclosed one (`fm.problem` says which). */
export const QA_REPORT_FRONT_MATTER: i32 = 1;
/** qaVerdict, qaSessionLog or qaCommit missing. */
export const QA_REPORT_KEYS: i32 = 2;
/** qaVerdict other than PASS. */
export const QA_REPORT_VERDICT: i32 = 3;
/** qaSessionLog does not name this log (`pathProblem` says how). */
export const QA_REPORT_SESSION_LOG: i32 = 4;
/** qaCommit not a full 40-character SHA. */
export const QA_REPORT_COMMIT: i32 = 5;

/** A QA report's front matter as SP-131 judges it, step by step: the first step that rejects it. */
export class QaReportCheck {
  step: i32 = QA_REPORT_OK;
  fm: FrontMatter;
  verdict: string = "";
  commit: string = "";
  pathProblem: string = "";
  constructor(fm: FrontMatter) {
    this.fm = fm;
  }
}

/**
 * Judge a QA report's text for a log, decided once for SP-131 and for the extract pass (which asks git
 * about qaCommit only when the report gets that far: need.sha, need.qaRanges). `sessionLog`: judge
 * qaSessionLog too (SP-131); the extract pass does not (it runs without the final pass's facts, the
 * sessions directory among them), so it may gather for a report SP-131 then rejects, never the reverse.
 */
export function qaReportCheck(text: string, log: JsonLog, sessionLog: bool): QaReportCheck {
  const out = new QaReportCheck(frontMatter(text));
  const fm = out.fm;
  if (fm.problem.length > 0) { out.step = QA_REPORT_FRONT_MATTER; return out; }
  const verdict = fm.get("qaVerdict");
  const sessLog = fm.get("qaSessionLog");
  const commit = fm.get("qaCommit");
  if (verdict === null || sessLog === null || commit === null) { out.step = QA_REPORT_KEYS; return out; }
  out.verdict = verdict!;
  out.commit = commit!;
  if (verdict != "PASS") { out.step = QA_REPORT_VERDICT; return out; }
  if (sessionLog) out.pathProblem = sessionLogPathProblem(sessLog!, log.ctx.doc.name, sessDir(log));
  if (out.pathProblem.length > 0) { out.step = QA_REPORT_SESSION_LOG; return out; }
  if (commit!.length != 40 || !isSha(commit!)) out.step = QA_REPORT_COMMIT;
  return out;
}

/**
 * Phase "extract": the facts the repository-bound rules of this log will read, as data for the host
 * to gather (src/validators/session-json-facts.ts), which decides nothing itself:
 *   need.qa      the QA report to read (SP-131, full mode);
 *   need.sha     commits to resolve into git.commit.<sha> (endingCommit for SP-130 in full mode; the
 *                report's qaCommit once the host has passed the report as qa.report.<path>);
 *   need.range   <start>..<end> whose changed files (git diff) SP-132 checks, every mode;
 *   need.blobs   the log's recorded contentEvidence ("<blob> <path>"), looked up on HEAD's history
 *                (SP-130: git.blobsOnHistory);
 *   need.qaRanges the ranges whose changed files (git diff, by content) SP-131's staleness check
 *                reads (qaRanges below).
 * Returns whether the log needs anything: a log that needs nothing is judged by its rules in the same
 * pass (./index.ts), its result final.
 */
export function extractNeeds(log: JsonLog, full: bool): bool {
  const ctx = log.ctx;
  const shas: string[] = [];
  let needs = false;
  if (full) {
    const end = str(log.root, "endingCommit");
    // the recorded fingerprints (the session's range, the code QA covered), looked up on HEAD's
    // history when a cited commit is not on it as is
    const blobs = recordedBlobs(log);
    const qaBlobs = recordedQaBlobs(log, "");
    const seen = new Set<string>();
    for (let i = 0; i < blobs.length; i++) seen.add(blobs[i]);
    for (let i = 0; i < qaBlobs.length; i++) {
      if (seen.has(qaBlobs[i])) continue;
      seen.add(qaBlobs[i]);
      blobs.push(qaBlobs[i]);
    }
    if (blobs.length > 0) ctx.results.put(ctx.doc, "need.blobs", encodeList(blobs));
    if (end !== null && isSha(end!)) shas.push(end!);
    const qa = qaClaim(log).path;
    if (qa.length > 0) {
      needs = true;
      ctx.results.put(ctx.doc, "need.qa", qa);
      const text = ctx.input.fact("qa.report." + qa);
      const rc = text !== null ? qaReportCheck(text!, log, false) : null;
      const commit = rc !== null && rc.step == QA_REPORT_OK ? rc.commit : "";
      if (commit.length > 0) {
        if (!shas.includes(commit)) shas.push(commit);
        const r = qaRanges(log, commit);
        const keys = [r.window];
        if (r.covered.length > 0) keys.push(r.covered);
        ctx.results.put(ctx.doc, "need.qaRanges", encodeList(keys));
      }
    }
  }
  if (shas.length > 0) ctx.results.put(ctx.doc, "need.sha", encodeList(shas));
  const range = skipClaim(log).range;
  if (range.length > 0) ctx.results.put(ctx.doc, "need.range", range);
  return needs || shas.length > 0 || range.length > 0;
}

/**
 * The two ranges SP-131's staleness check reads for a QA report's commit (git diff: content, not
 * commits, so a change made and reverted, a catch-up merge or a baseline commit that leaves the
 * covered files as they were changes nothing):
 *   window  <qaCommit>..<end>: what changed after QA, up to the session's end: its endingCommit when
 *           the log names one (a finished log's verdict never moves with later history), else HEAD
 *           (a session in progress);
 *   covered <startingCommit>..<qaCommit>: the files QA covered, the session's changes up to QA
 *           ("" when the log names no starting commit: every code file then counts as covered).
 */
export class QaRanges {
  window: string = "";
  covered: string = "";
  /** The window ends at the log's endingCommit (not HEAD). */
  atEnd: bool = false;
}

export function qaRanges(log: JsonLog, qaCommit: string): QaRanges {
  const out = new QaRanges();
  const end = str(log.root, "endingCommit");
  out.atEnd = end !== null && isSha(end!);
  out.window = qaCommit + ".." + (out.atEnd ? end! : "HEAD");
  const start = log.sessionStr("startingCommit");
  if (start !== null && isSha(start!)) out.covered = start! + ".." + qaCommit;
  return out;
}

export class FrontMatter {
  keys: string[] = [];
  values: string[] = [];
  problem: string = "";
  get(k: string): string | null {
    const i = this.keys.indexOf(k);
    return i >= 0 ? this.values[i] : null;
  }
}

/** End of the line starting at `i` (before its terminator: \n, \r or \r\n, as splitLines). */
function lineEnd(t: string, i: i32): i32 {
  const n = t.length;
  let e = i;
  while (e < n) {
    const c = t.charCodeAt(e);
    if (c == 10 || c == 13) return e;
    e++;
  }
  return n;
}

/** Where the line after the one ending at `e` starts (past the text: none). */
function lineAfter(t: string, e: i32): i32 {
  if (e >= t.length) return t.length + 1;
  return t.charCodeAt(e) == 13 && e + 1 < t.length && t.charCodeAt(e + 1) == 10 ? e + 2 : e + 1;
}

/** The report's front matter: its lines up to the closing "---" only (the lines of splitLines, the rest never read). */
export function frontMatter(text: string): FrontMatter {
  const fm = new FrontMatter();
  let e = lineEnd(text, 0);
  let at = lineAfter(text, e);
  if (text.substring(0, e).trim() != "---") { fm.problem = msgItem(msg("fmNone")); return fm; }
  let closed = false;
  while (at < text.length) {
    e = lineEnd(text, at);
    const l = text.substring(at, e);
    at = lineAfter(text, e);
    if (l.trim() == "---") { closed = true; break; }
    const c = l.indexOf(":");
    if (c <= 0 || l.charCodeAt(0) == 32 || l.charCodeAt(0) == 35) continue;
    const k = l.substring(0, c).trim();
    let v = l.substring(c + 1).trim();
    if (v.length >= 2 && (v.charCodeAt(0) == 34 || v.charCodeAt(0) == 39) && v.charCodeAt(v.length - 1) == v.charCodeAt(0)) {
      v = v.substring(1, v.length - 1);
    }
    if (fm.keys.includes(k)) { fm.problem = msgItem(msg("fmRepeatsKey").s("key", k)); return fm; }
    fm.keys.push(k);
    fm.values.push(v);
  }
  if (!closed) fm.problem = msgItem(msg("fmNotClosed"));
  return fm;
}

export function sessionLogPathProblem(p: string, own: string, sess: string): string {
  if (p.length == 0) return msgItem(msg("qaLogEmpty"));
  if (p.startsWith("/") || (p.length > 1 && p.charCodeAt(1) == 58)) return msgItem(msg("qaLogAbsolute"));
  if (p.indexOf("\\") >= 0) return msgItem(msg("qaLogBackslashes"));
  if (p.indexOf("..") >= 0) return msgItem(msg("qaLogDotDot"));
  if (!p.startsWith(sess + "/")) return msgItem(msg("qaLogOutside").s("dir", sess));
  if (!p.endsWith(".json")) return msgItem(msg("qaLogNotJson"));
  if (p != own) return msgItem(msg("qaLogOtherSession").s("path", p).s("own", own));
  return "";
}

