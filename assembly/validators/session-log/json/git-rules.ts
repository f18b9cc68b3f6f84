// Repository-bound JSON rules: SP-130 (ending commit reachable), SP-131 (QA report bound to the
// session), SP-132 (QA skip scope). Without git facts they are skipped with SP-090 (shared with the
// markdown rules: git facts unavailable).
// Facts (from the host): git.available, git.unavailable, git.shallow, git.commit.<sha>
// ("ancestor <full>" | "off-history <full>" | "missing"), git.diff.<a>..<b> (changed files),
// git.diff-error.<a>..<b>, qa.report.<path> (text), qa.unreadable.<path> (reason).
import { defineRule, msg, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_INFO, SEV_WARNING } from "../../../abi";
import { Input } from "../../../io";
import { JValue, J_OBJ } from "../../../lib/json";
import { splitLines } from "../../../io";
import { JsonLog, itemEvidence, itemComplete, isSha, shaCompatible, str } from "./model";
import { QA_SKIP_DOCS, QA_SKIP_INVESTIGATION } from "./sp111-contradiction";
import { SP090 } from "../strict-git";
import { isAudit, nonDocFiles, nonInvestigationFiles, listShort } from "../qa-scope";

export const SP130 = defineRule("SP-130", SEV_ERROR);
function SP130_doc(): RuleDoc {
  return {
    id: "SP-130",
    validator: "session-log",
    title: "Ending commit reachable",
    description: "A valid endingCommit exists and is an ancestor of HEAD.",
    messages: {
      endingcommitDoesNotName: "endingCommit '{{v}}' does not name a commit in this repository{{causes}}; the SHA was never pushed. Record the real SHA in a follow-up commit",
      endingcommitIsNotAn: "endingCommit '{{v}}' is not an ancestor of HEAD{{causes}}. Record the real SHA in a follow-up commit",
    },
  };
}
export const SP131 = defineRule("SP-131", SEV_ERROR);
function SP131_doc(): RuleDoc {
  return {
    id: "SP-131",
    validator: "session-log",
    title: "QA report bound to the session",
    description: "qaValidation evidence names a passing QA report under .agents/qa/ bound to this log and to a commit with no code changed since.",
    messages: {
      endingcommitDisagreesWithEpisodemetrics: "endingCommit {{ending}} disagrees with episodeMetrics.comparison.head {{head}}; the QA binding uses the comparison head",
      qaEvidenceMustName: "QA evidence must name a report under {{QAROOT}} (or be exactly '{{QASKIPDOCS}}' or '{{QASKIPINVESTIGATION}}')",
      qaReportNotFound: "QA report not found: {{path}}{{detail}}",
      qaReportRejected: "QA report {{path}} rejected: {{problem}}",
      qaReportRejectedIts: "QA report {{path}} rejected: its front matter needs qaVerdict, qaSessionLog and qaCommit",
      qaReportRejectedQaverdict: "QA report {{path}} rejected: qaVerdict is '{{verdict}}', not PASS",
      qaReportRejected2: "QA report {{path}} rejected: {{pp}}",
      qaReportRejectedQacommit: "QA report {{path}} rejected: qaCommit must be a full 40-character lower-case SHA, got '{{commit}}'",
      qaCommitIsNot: "QA commit is not an ancestor of validation head: {{commit}} (report {{path}})",
      qaReportCannotBe: "QA report {{path}} cannot be verified: no changed-file list after {{commit}}",
      qaReportIsStale: "QA report is stale; code changed after its commit {{commit}}: {{listShort}}",
    },
  };
}
export const SP132 = defineRule("SP-132", SEV_ERROR);
function SP132_doc(): RuleDoc {
  return {
    id: "SP-132",
    validator: "session-log",
    title: "QA skip scope verified",
    description: "'SKIPPED: docs-only' / 'SKIPPED: investigation-only' QA evidence matches the changes between startingCommit and endingCommit.",
    messages: {
      qaScopeCannotBe: "QA {{label}} scope cannot be verified: startingCommit and endingCommit are required",
      qaScopeCannotBe2: "QA {{label}} scope cannot be verified: startingCommit and endingCommit must be commit SHAs",
      qaScopeCannotBe3: "QA {{label}} scope cannot be verified: {{detail}}",
      qaScopeIncludesDisqualifying: "QA {{label}} scope includes disqualifying changes: {{listShort}}",
    },
  };
}

export const QA_ROOT = ".agents/qa/";

function gitReady(log: JsonLog, what: string): bool {
  const input = log.ctx.input;
  if (!input.factBool("git.available", false)) {
    const why = input.fact("git.unavailable");
    log.report(SP090, null, msg("notCheckedGitFacts").s("what", what).s("detail", (why !== null ? why! : "no repository information was supplied")));
    return false;
  }
  return true;
}

function commitFact(input: Input, sha: string): string | null {
  return input.fact("git.commit." + sha);
}

/** SP-130 */
export function checkEndingCommit(log: JsonLog): void {
  const v = log.root.get("endingCommit");
  if (v === null || v.kind != 3 || !isSha(v.s)) return; // empty or malformed: SP-117 / schema
  if (!gitReady(log, "SP-130 (endingCommit reachable)")) return;
  const input = log.ctx.input;
  if (input.factBool("git.shallow", false)) {
    log.report(SP090, v, msg("spEndingcommitReachableNot"));
    return;
  }
  const f = commitFact(input, v.s);
  if (f === null) {
    log.report(SP090, v, msg("spEndingcommitReachableNot2").s("v", v.s));
    return;
  }
  const causes = ". Likely causes: the PR was squash merged; the commit was amended or rebased";
  if (f == "missing") {
    log.report(SP130, v, msg("endingcommitDoesNotName").s("v", v.s).s("causes", causes));
  } else if (f.startsWith("off-history")) {
    log.report(SP130, v, msg("endingcommitIsNotAn").s("v", v.s).s("causes", causes));
  }
}

function qaItem(log: JsonLog): JValue | null {
  const end = log.section("sessionEnd");
  if (end === null) return null;
  const q = end.get("qaValidation");
  return q !== null && q.kind == J_OBJ ? q : null;
}

// SP-050..SP-052 classification: shared with the markdown rules (../qa-scope.ts)

function memDir(log: JsonLog): string {
  const m = log.ctx.input.fact("memories.dir");
  return m !== null && m.length > 0 ? m! : ".serena/memories";
}

/** Files that disqualify the skip label; null when the scope is eligible. */
export function disqualifying(files: string[], docsOnly: bool, mem: string): string[] | null {
  if (docsOnly) {
    const nd = nonDocFiles(files, mem);
    if (nd === null) return ["(no changed files: cannot tell a docs-only change from a merge or revert)"];
    return nd.length > 0 ? nd : null;
  }
  const bad = nonInvestigationFiles(files, mem);
  return bad.length > 0 ? bad : null;
}


/** SP-132 */
export function checkSkipScope(log: JsonLog): void {
  const q = qaItem(log);
  if (q === null) return;
  const ev = itemEvidence(q).trim();
  if (ev != QA_SKIP_DOCS && ev != QA_SKIP_INVESTIGATION) return;
  const docs = ev == QA_SKIP_DOCS;
  const label = docs ? "docs-only" : "investigation-only";
  const start = log.sessionStr("startingCommit");
  const end = str(log.root, "endingCommit");
  if (start === null || end === null || start.length == 0 || end.length == 0) {
    log.report(SP132, q, msg("qaScopeCannotBe").s("label", label));
    return;
  }
  if (!isSha(start!) || !isSha(end!)) {
    log.report(SP132, q, msg("qaScopeCannotBe2").s("label", label));
    return;
  }
  if (!gitReady(log, "SP-132 (QA " + label + " scope)")) return;
  const input = log.ctx.input;
  const range = start! + ".." + end!;
  const files = input.factLines("git.diff." + range);
  if (files === null) {
    const e = input.fact("git.diff-error." + range);
    log.report(SP132, q, msg("qaScopeCannotBe3").s("label", label).s("detail", (e !== null ? e! : "no changed-file list for " + range)));
    return;
  }
  const bad = disqualifying(files!, docs, memDir(log));
  if (bad !== null) log.report(SP132, q, msg("qaScopeIncludesDisqualifying").s("label", label).s("listShort", listShort(bad)));
}

function isPathEnd(c: i32): bool {
  return c <= 32 || c == 96 || c == 39 || c == 34 || c == 41 || c == 93 || c == 44 || c == 59 || c == 60 || c == 62 || c == 124;
}

/** The first path under the QA root named in a text ("" when none). The host uses the same rule. */
export function qaPath(ev: string): string {
  const i = ev.indexOf(QA_ROOT);
  if (i < 0) return "";
  let e = i;
  while (e < ev.length && !isPathEnd(ev.charCodeAt(e))) e++;
  while (e > i && (ev.charCodeAt(e - 1) == 46 || ev.charCodeAt(e - 1) == 58)) e--;
  return ev.substring(i, e);
}

class FrontMatter {
  keys: string[] = [];
  values: string[] = [];
  problem: string = "";
  get(k: string): string | null {
    const i = this.keys.indexOf(k);
    return i >= 0 ? this.values[i] : null;
  }
}

function frontMatter(text: string): FrontMatter {
  const fm = new FrontMatter();
  const ls = splitLines(text);
  if (ls.length == 0 || ls[0].trim() != "---") { fm.problem = "it has no YAML front matter"; return fm; }
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
    if (fm.keys.includes(k)) { fm.problem = "its front matter repeats the key " + k; return fm; }
    fm.keys.push(k);
    fm.values.push(v);
  }
  if (!closed) fm.problem = "its front matter is not closed with ---";
  return fm;
}

function sessionLogPathProblem(p: string, own: string): string {
  if (p.length == 0) return "qaSessionLog is empty";
  if (p.startsWith("/") || (p.length > 1 && p.charCodeAt(1) == 58)) return "qaSessionLog is an absolute path";
  if (p.indexOf("\\") >= 0) return "qaSessionLog uses backslashes";
  if (p.indexOf("..") >= 0) return "qaSessionLog contains '..'";
  if (!p.startsWith(".agents/sessions/")) return "qaSessionLog is outside .agents/sessions/";
  if (!p.endsWith(".json")) return "qaSessionLog does not name a .json session log";
  if (p != own) return "qaSessionLog names " + p + ", not this session (" + own + ")";
  return "";
}

/** SP-131 */
export function checkQaBinding(log: JsonLog): void {
  // endingCommit vs episodeMetrics.comparison.head
  const ending = str(log.root, "endingCommit");
  const em = log.root.get("episodeMetrics");
  const cmp = em !== null && em.kind == J_OBJ ? em.get("comparison") : null;
  const head = str(cmp, "head");
  if (ending !== null && head !== null && isSha(ending!) && isSha(head!) && !shaCompatible(ending!, head!)) {
    log.reportAs(SP131, SEV_WARNING, log.root.get("endingCommit"), msg("endingcommitDisagreesWithEpisodemetrics").s("ending", ending!).s("head", head!));
  }
  const q = qaItem(log);
  if (q === null || !itemComplete(q)) return;
  const ev = itemEvidence(q);
  const t = ev.trim();
  if (t == QA_SKIP_DOCS || t == QA_SKIP_INVESTIGATION) return;
  const path = qaPath(ev);
  if (path.length == 0) {
    log.report(SP131, q, msg("qaEvidenceMustName").s("QAROOT", QA_ROOT).s("QASKIPDOCS", QA_SKIP_DOCS).s("QASKIPINVESTIGATION", QA_SKIP_INVESTIGATION));
    return;
  }
  if (!gitReady(log, "SP-131 (QA report " + path + ")")) return;
  const input = log.ctx.input;
  const text = input.fact("qa.report." + path);
  if (text === null) {
    const why = input.fact("qa.unreadable." + path);
    log.report(SP131, q, msg("qaReportNotFound").s("path", path).s("detail", (why !== null ? " (" + why! + ")" : "")));
    return;
  }
  const fm = frontMatter(text!);
  if (fm.problem.length > 0) { log.report(SP131, q, msg("qaReportRejected").s("path", path).s("problem", fm.problem)); return; }
  const verdict = fm.get("qaVerdict");
  const sessLog = fm.get("qaSessionLog");
  const commit = fm.get("qaCommit");
  if (verdict === null || sessLog === null || commit === null) {
    log.report(SP131, q, msg("qaReportRejectedIts").s("path", path));
    return;
  }
  if (verdict != "PASS") { log.report(SP131, q, msg("qaReportRejectedQaverdict").s("path", path).s("verdict", verdict!)); return; }
  const pp = sessionLogPathProblem(sessLog!, log.ctx.doc.name);
  if (pp.length > 0) { log.report(SP131, q, msg("qaReportRejected2").s("path", path).s("pp", pp)); return; }
  if (commit!.length != 40 || !isSha(commit!)) {
    log.report(SP131, q, msg("qaReportRejectedQacommit").s("path", path).s("commit", commit!));
    return;
  }
  const cf = commitFact(input, commit!);
  if (cf === null || cf == "missing" || cf.startsWith("off-history")) {
    log.report(SP131, q, msg("qaCommitIsNot").s("commit", commit!).s("path", path));
    return;
  }
  const range = commit! + "..HEAD";
  const files = input.factLines("git.diff." + range);
  if (files === null) {
    log.report(SP131, q, msg("qaReportCannotBe").s("path", path).s("commit", commit!));
    return;
  }
  const code: string[] = [];
  for (let i = 0; i < files!.length; i++) {
    const p = files![i];
    if (!isAudit(p, memDir(log)) && !p.startsWith(QA_ROOT)) code.push(p);
  }
  if (code.length > 0) log.report(SP131, q, msg("qaReportIsStale").s("commit", commit!).s("listShort", listShort(code)));
}
