// Helpers of the repository-bound JSON rules SP-130 (ending commit reachable), SP-131 (QA report bound
// to the session), SP-132 (QA skip scope); the rules are SP-130.ts, SP-131.ts, SP-132.ts. Without git facts they are skipped with SP-090 (shared with the
// markdown rules: git facts unavailable).
// Facts (from the host): git.available, git.unavailable, git.shallow, git.commit.<sha>
// (a list: "ancestor" | "off-history" | "missing", then the full SHA), git.diff.<a>..<b> (changed files),
// git.diffError.<a>..<b>, qa.report.<path> (text), qa.unreadable.<path> (reason).
import { msg, msgItem } from "../../../rules";
import { SEV_ERROR, SEV_INFO, SEV_WARNING } from "../../../abi";
import { Input } from "../../../io";
import { JValue, J_OBJ } from "../../../lib/json";
import { splitLines } from "../../../io";
import { JsonLog, itemEvidence, itemComplete, isSha, shaCompatible, str } from "./model";
import { QA_SKIP_DOCS, QA_SKIP_INVESTIGATION } from "./model";
import { SP090 } from "../strict-git";
import { encodeList } from "../../../lib/list";
import { isAudit, nonDocFiles, nonInvestigationFiles, listShort, sessionsDir } from "../qa-scope";


export const QA_ROOT = ".agents/qa/";

export function gitReady(log: JsonLog, what: string): bool {
  const input = log.ctx.input;
  if (!input.factBool("git.available", false)) {
    const why = input.fact("git.unavailable");
    log.report(SP090, null, msg("notCheckedGitFacts").s("what", what).s("detail", (why !== null ? why! : msgItem(msg("noRepositoryInformation")))));
    return false;
  }
  return true;
}

/** A cited commit's state (fact git.commit.<sha>, a list: state, full SHA): ancestor | off-history | missing; null: not checked. */
export function commitFact(input: Input, sha: string): string | null {
  const v = input.factLines("git.commit." + sha);
  return v === null || v.length == 0 ? null : v[0];
}

export function qaItem(log: JsonLog): JValue | null {
  const end = log.section("sessionEnd");
  if (end === null) return null;
  const q = end.get("qaValidation");
  return q !== null && q.kind == J_OBJ ? q : null;
}

// SP-050..SP-052 classification: shared with the markdown rules (../qa-scope.ts)

export function memDir(log: JsonLog): string {
  const m = log.ctx.input.fact("memories.dir");
  return m !== null && m.length > 0 ? m! : ".serena/memories";
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

/**
 * The QA report SP-131 checks for a log: the first path under the QA root its complete, non-skipped
 * qaValidation evidence names ("" when none). The host reads that report into the fact
 * qa.report.<path>; it learns the path from the first pass (phase "extract": data need.qa, ./index.ts).
 */
export function qaReportPath(log: JsonLog): string {
  const q = qaItem(log);
  if (q === null || !itemComplete(q)) return "";
  const ev = itemEvidence(q);
  const t = ev.trim();
  if (t == QA_SKIP_DOCS || t == QA_SKIP_INVESTIGATION) return "";
  return qaPath(ev);
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

/** The log's startingCommit..endingCommit range when it claims a QA skip SP-132 verifies ("" when none). */
export function skipScopeRange(log: JsonLog): string {
  const q = qaItem(log);
  if (q === null) return "";
  const ev = itemEvidence(q).trim();
  if (ev != QA_SKIP_DOCS && ev != QA_SKIP_INVESTIGATION) return "";
  const start = log.sessionStr("startingCommit");
  const end = str(log.root, "endingCommit");
  if (start === null || end === null || !isSha(start!) || !isSha(end!)) return "";
  return start! + ".." + end!;
}

/**
 * The qaCommit of a QA report SP-131 goes on to look up in git ("" when the report is rejected before
 * that: no front matter, a missing key, a verdict other than PASS, not a full SHA).
 */
export function qaReportCommit(text: string): string {
  const fm = frontMatter(text);
  if (fm.problem.length > 0) return "";
  const verdict = fm.get("qaVerdict");
  const commit = fm.get("qaCommit");
  if (verdict === null || fm.get("qaSessionLog") === null || commit === null || verdict != "PASS") return "";
  return commit!.length == 40 && isSha(commit!) ? commit! : "";
}

/**
 * Phase "extract": the facts the repository-bound rules of this log will read, as data for the host
 * to gather (src/validators/session-json-facts.ts), which decides nothing itself:
 *   need.qa      the QA report to read (SP-131, full mode);
 *   need.sha     commits to resolve into git.commit.<sha> (endingCommit for SP-130 in full mode; the
 *                report's qaCommit once the host has passed the report as qa.report.<path>);
 *   need.range   <start>..<end> whose changed files (git diff) SP-132 checks, every mode;
 *   need.touched <qaCommit>..HEAD whose touched files (every commit) SP-131 checks.
 */
export function extractNeeds(log: JsonLog, full: bool): void {
  const ctx = log.ctx;
  const shas: string[] = [];
  if (full) {
    const end = str(log.root, "endingCommit");
    if (end !== null && isSha(end!)) shas.push(end!);
    const qa = qaReportPath(log);
    if (qa.length > 0) {
      ctx.results.put(ctx.doc, "need.qa", qa);
      const text = ctx.input.fact("qa.report." + qa);
      const commit = text !== null ? qaReportCommit(text!) : "";
      if (commit.length > 0) {
        if (!shas.includes(commit)) shas.push(commit);
        ctx.results.put(ctx.doc, "need.touched", commit + "..HEAD");
      }
    }
  }
  if (shas.length > 0) ctx.results.put(ctx.doc, "need.sha", encodeList(shas));
  const range = skipScopeRange(log);
  if (range.length > 0) ctx.results.put(ctx.doc, "need.range", range);
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

export function frontMatter(text: string): FrontMatter {
  const fm = new FrontMatter();
  const ls = splitLines(text);
  if (ls.length == 0 || ls[0].trim() != "---") { fm.problem = msgItem(msg("fmNone")); return fm; }
  let closed = false;
  for (let i = 1; i < ls.length; i++) {
    const l = ls[i];
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

