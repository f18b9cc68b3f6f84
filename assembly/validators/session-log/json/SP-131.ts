// SP-131: QA report bound to the session (full mode).
import { defineRule, msg, msgItem, RuleDoc } from "../../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../../abi";
import { J_OBJ } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { MODE_FULL } from "../context";
import { isSha, shaCompatible, str, QA_SKIP_DOCS, QA_SKIP_INVESTIGATION } from "./model";
import { isAudit } from "../qa-scope";
import { SP090 } from "../SP-090";
import {
  QA_ROOT, gitReady, arrivedByMerge, qaContentClass, QA_CONTENT_VALID, QA_CONTENT_STALE, commitFact, commitClass, memDir, qaRanges, COMMIT_MISSING, COMMIT_OFF_HISTORY, sessDir, qaClaim, qaReportCheck,
  QA_REPORT_FRONT_MATTER, QA_REPORT_KEYS, QA_REPORT_VERDICT, QA_REPORT_SESSION_LOG, QA_REPORT_COMMIT,
} from "./git-rules";

export const SP131 = defineRule("SP-131", SEV_ERROR, check);
function SP131_doc(): RuleDoc {
  return {
    id: "SP-131",
    validator: "session-log",
    title: "QA report bound to the session",
    description: "qaValidation evidence (complete or not) names a passing QA report under .agents/qa/ bound to this log and to a commit whose work is on HEAD's history (an ancestor, or landed by content), with none of the code it covered (the session's changes up to the QA commit) changed after it, up to the session's endingCommit (HEAD while the session is in progress). A QA commit that is gone or did not land as is is judged by the log's recorded qaContentEvidence (the blobs of the files QA covered) against its contentEvidence, when it has both. Changes to other files, catch-up merges and baseline or docs commits keep the report valid.",
    messages: {
      endingcommitDisagreesWithEpisodemetrics: "endingCommit {{ending}} disagrees with episodeMetrics.comparison.head {{head}}; the QA binding uses the comparison head",
      qaEvidenceMustName: "QA evidence must name a report under {{QAROOT}} (or be exactly '{{QASKIPDOCS}}' or '{{QASKIPINVESTIGATION}}')",
      qaReportNotFound: "QA report not found: {{path}}{{detail}}",
      qaReportRejected: "QA report {{path}} rejected: {{problem}}",
      qaReportRejectedIts: "QA report {{path}} rejected: its front matter needs qaVerdict, qaSessionLog and qaCommit",
      qaReportRejectedQaverdict: "QA report {{path}} rejected: qaVerdict is '{{verdict}}', not PASS",
      qaReportRejected2: "QA report {{path}} rejected: {{pp}}",
      qaReportRejectedQacommit: "QA report {{path}} rejected: qaCommit must be a full 40-character lower-case SHA, got '{{commit}}'",
      qaCommitAbsent: "QA report {{path}}: its qaCommit {{commit}} names no commit in this repository, so what it validated cannot be verified. Fetch the branch that has it; if it is gone, run QA again on this branch and commit a new report",
      qaCommitNotLanded: "QA report {{path}}: its qaCommit {{commit}} is not on HEAD's history and its changes are not either; QA validated work that is not here. Run QA again on this branch and commit a new report",
      qaReportCannotBe: "QA report {{path}} cannot be verified: no changed-file list after {{commit}}",
      qaReportIsStale: "QA report {{path}} is stale: code it covered changed after its commit {{commit}}. Run QA again and commit a new report",
    },
    // why a report's front matter or qaSessionLog is rejected ({{problem}}, {{pp}}; git-rules.ts)
    terms: {
      fmNone: "it has no YAML front matter",
      fmRepeatsKey: "its front matter repeats the key {{key}}",
      fmNotClosed: "its front matter is not closed with ---",
      qaLogEmpty: "qaSessionLog is empty",
      qaLogAbsolute: "qaSessionLog is an absolute path",
      qaLogBackslashes: "qaSessionLog uses backslashes",
      qaLogDotDot: "qaSessionLog contains '..'",
      qaLogOutside: "qaSessionLog is outside {{dir}}/",
      qaLogNotJson: "qaSessionLog does not name a .json session log",
      qaLogOtherSession: "qaSessionLog names {{path}}, not this session ({{own}})",
    },
  };
}

function check(ctx: JsonCtx): void {
  if (ctx.jmode != MODE_FULL) return;
  const log = ctx.log!;
  // endingCommit vs episodeMetrics.comparison.head
  const ending = str(log.root, "endingCommit");
  const em = log.root.get("episodeMetrics");
  const cmp = em !== null && em.kind == J_OBJ ? em.get("comparison") : null;
  const head = str(cmp, "head");
  if (ending !== null && head !== null && isSha(ending!) && isSha(head!) && !shaCompatible(ending!, head!)) {
    ctx.reportAs(ctx.rule, SEV_WARNING, log.at(log.root.get("endingCommit")), msg("endingcommitDisagreesWithEpisodemetrics").s("ending", ending!).s("head", head!));
  }
  const claim = qaClaim(log);
  const q = claim.item;
  if (q === null) return;
  const path = claim.path;
  if (path.length == 0) {
    ctx.report(ctx.rule, log.at(q), msg("qaEvidenceMustName").s("QAROOT", QA_ROOT).s("QASKIPDOCS", QA_SKIP_DOCS).s("QASKIPINVESTIGATION", QA_SKIP_INVESTIGATION));
    return;
  }
  if (!gitReady(log, msgItem(msg("checkQaReport").s("path", path)))) return;
  const input = log.ctx.input;
  const text = input.fact("qa.report." + path);
  if (text === null) {
    const why = input.fact("qa.unreadable." + path);
    ctx.report(ctx.rule, log.at(q), msg("qaReportNotFound").s("path", path).s("detail", (why !== null ? " (" + why! + ")" : "")));
    return;
  }
  const rc = qaReportCheck(text!, log, true);
  const commit = rc.commit;
  if (rc.step == QA_REPORT_FRONT_MATTER) { ctx.report(ctx.rule, log.at(q), msg("qaReportRejected").s("path", path).s("problem", rc.fm.problem)); return; }
  if (rc.step == QA_REPORT_KEYS) { ctx.report(ctx.rule, log.at(q), msg("qaReportRejectedIts").s("path", path)); return; }
  if (rc.step == QA_REPORT_VERDICT) { ctx.report(ctx.rule, log.at(q), msg("qaReportRejectedQaverdict").s("path", path).s("verdict", rc.verdict)); return; }
  if (rc.step == QA_REPORT_SESSION_LOG) { ctx.report(ctx.rule, log.at(q), msg("qaReportRejected2").s("path", path).s("pp", rc.pathProblem)); return; }
  if (rc.step == QA_REPORT_COMMIT) { ctx.report(ctx.rule, log.at(q), msg("qaReportRejectedQacommit").s("path", path).s("commit", commit)); return; }
  const cf = commitClass(log, commit);
  if (cf === null) {
    ctx.report(SP090, log.at(q), msg("notCheckedGitFacts").s("what", msgItem(msg("checkQaReport").s("path", path))).s("detail", msgItem(msg("noFactAboutCommit").s("sha", commit))));
    return;
  }
  // the QA commit is gone or rewritten (a squash merge, its branch deleted): the log's recorded QA
  // fingerprint, when it has one, decides landing and staleness by content (issue 35)
  if (cf == COMMIT_MISSING || cf == COMMIT_OFF_HISTORY) {
    const qc = qaContentClass(log, commit);
    if (qc == QA_CONTENT_VALID) return;
    if (qc == QA_CONTENT_STALE) { ctx.report(ctx.rule, log.at(q), msg("qaReportIsStale").s("path", path).s("commit", commit)); return; }
  }
  if (cf == COMMIT_MISSING && arrivedByMerge(log)) {
    ctx.report(SP090, log.at(q), msg("mergedLogNotVerifiable").s("what", msgItem(msg("checkQaReport").s("path", path))).s("detail", msgItem(msg("commitNotHere").s("sha", commit))));
    return;
  }
  if (cf == COMMIT_MISSING) { ctx.report(ctx.rule, log.at(q), msg("qaCommitAbsent").s("commit", commit).s("path", path)); return; }
  if (cf == COMMIT_OFF_HISTORY) { ctx.report(ctx.rule, log.at(q), msg("qaCommitNotLanded").s("commit", commit).s("path", path)); return; }
  const r = qaRanges(log, commit);
  const files = input.factList("git.diff." + r.window);
  if (files === null) {
    // a finished log whose endingCommit the repository lacks: SP-130 reports the commit itself
    if (r.atEnd && commitFact(input, str(log.root, "endingCommit")!) == COMMIT_MISSING) {
      ctx.report(SP090, log.at(q), msg("notCheckedGitFacts").s("what", msgItem(msg("checkQaReport").s("path", path))).s("detail", msgItem(msg("endingCommitUnknown"))));
    } else ctx.report(ctx.rule, log.at(q), msg("qaReportCannotBe").s("path", path).s("commit", commit));
    return;
  }
  // covered: the files the session changed up to QA; unknown (no starting commit, or its diff
  // failed): every code file counts as covered
  const covered = r.covered.length > 0 ? input.factSet("git.diff." + r.covered) : null;
  const mem = memDir(log);
  const sess = sessDir(log);
  for (let i = 0; i < files!.length; i++) {
    const p = files![i];
    if (isAudit(p, mem, sess) || p.startsWith(QA_ROOT)) continue;
    if (covered !== null && !covered.has(p)) continue;
    ctx.report(ctx.rule, log.at(q), msg("qaReportIsStale").s("path", path).s("commit", commit));
    return;
  }
}
