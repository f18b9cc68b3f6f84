// Strict gate (--strict), git part. Pre-commit context: only SP-038 (changed files = staged).
// Other contexts (post-commit): SP-038 Starting Commit known, SP-039 clean tree, SP-040 commits
// since the Starting Commit, SP-041 commit row cites an existing commit, SP-042 the log changed
// since the Starting Commit. Facts: "head", "clean", "commits" (cited SHAs that name commits),
// "diff:<sha>" (files changed <sha>..HEAD). SP-090: git facts unavailable (info, never a failure).
import { defineRule } from "../../rules";
import { SEV_ERROR, SEV_INFO } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog, isPreCommit, changedFiles } from "./md-log";
import { citedSha } from "./sp020-021-commit";

export const SP038 = defineRule("SP-038", "session-log", SEV_ERROR, "Changed files known",
  "Strict: changed files are known (staged, or Starting Commit).");
export const SP039 = defineRule("SP-039", "session-log", SEV_ERROR, "Clean working tree",
  "Strict: git status is clean.");
export const SP040 = defineRule("SP-040", "session-log", SEV_ERROR, "Commits since start",
  "Strict: HEAD is past the Starting Commit.");
export const SP041 = defineRule("SP-041", "session-log", SEV_ERROR, "Commit SHA evidence",
  "Strict: the commit row cites an existing commit.");
export const SP042 = defineRule("SP-042", "session-log", SEV_ERROR, "Log updated",
  "Strict: the log changed since the Starting Commit.");
export const SP090 = defineRule("SP-090", "session-log", SEV_INFO, "Git facts unavailable",
  "Git-bound checks skipped outside a git repository.");

export function checkGit(ctx: SessionCtx, log: MdLog): void {
  const input = ctx.input;
  const files = changedFiles(input, log);
  if (files === null) {
    ctx.report(SP038, 0, 0, log.startSha.length == 0
      ? "No Starting Commit in Session Info; changed files unknown"
      : "Starting Commit " + log.startSha + " not in git history; changed files unknown");
  }
  if (isPreCommit(input)) return;
  if (input.fact("clean") == "0") ctx.report(SP039, 0, 0, "git status is not clean");
  const head = input.fact("head");
  if (head !== null && log.startSha.length > 0 && head.startsWith(log.startSha)) {
    ctx.report(SP040, 0, 0, "No commits since Starting Commit " + log.startSha);
  }
  const row = log.commitRow();
  if (row === null) ctx.report(SP041, 0, 0, "No 'Commit all changes' MUST row");
  else {
    const sha = citedSha(row.evidence);
    if (sha.length == 0) ctx.report(SP041, row.line, 0, "Commit row lacks 'Commit SHA: <sha>'");
    else {
      const known = input.factLines("commits");
      if (known !== null && !known.includes(sha)) ctx.report(SP041, row.line, 0, "Commit SHA not found in git history: " + sha);
    }
  }
  if (files !== null && log.startSha.length > 0 && !files.includes(ctx.doc.name)) {
    ctx.report(SP042, 0, 0, "Log not updated since Starting Commit " + log.startSha);
  }
}

export function noteNoGit(ctx: SessionCtx, skipped: string): void {
  if (skipped.length > 0) ctx.report(SP090, 0, 0, "No git facts (not a git repository root): " + skipped + " not checked");
}
