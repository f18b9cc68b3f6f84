// Strict gate (--strict), git part. Pre-commit context: only SP-038 (changed files = staged).
// Other contexts (post-commit): SP-038 Starting Commit known, SP-039 clean tree, SP-040 commits
// since the Starting Commit, SP-041 commit row cites an existing commit, SP-042 the log changed
// since the Starting Commit. Facts: "head", "clean", "commits" (cited SHAs that name commits),
// "diff:<sha>" (files changed <sha>..HEAD). SP-090: git facts unavailable (info, never a failure).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_INFO } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog, isPreCommit, changedFiles } from "./md-log";
import { citedSha } from "./sp020-021-commit";

export const SP038 = defineRule("SP-038", SEV_ERROR);
function SP038_doc(): RuleDoc {
  return {
    id: "SP-038",
    validator: "session-log",
    title: "Changed files known",
    description: "Strict: changed files are known (staged, or Starting Commit).",
    messages: {
      message: "{{detail}}",
    },
  };
}
export const SP039 = defineRule("SP-039", SEV_ERROR);
function SP039_doc(): RuleDoc {
  return {
    id: "SP-039",
    validator: "session-log",
    title: "Clean working tree",
    description: "Strict: git status is clean.",
    messages: {
      gitStatusIsNot: "git status is not clean",
    },
  };
}
export const SP040 = defineRule("SP-040", SEV_ERROR);
function SP040_doc(): RuleDoc {
  return {
    id: "SP-040",
    validator: "session-log",
    title: "Commits since start",
    description: "Strict: HEAD is past the Starting Commit.",
    messages: {
      noCommitsSinceStarting: "No commits since Starting Commit {{startSha}}",
    },
  };
}
export const SP041 = defineRule("SP-041", SEV_ERROR);
function SP041_doc(): RuleDoc {
  return {
    id: "SP-041",
    validator: "session-log",
    title: "Commit SHA evidence",
    description: "Strict: the commit row cites an existing commit.",
    messages: {
      noCommitAllChanges: "No 'Commit all changes' MUST row",
      commitRowLacksCommit: "Commit row lacks 'Commit SHA: <sha>'",
      commitShaNotFound: "Commit SHA not found in git history: {{sha}}",
    },
  };
}
export const SP042 = defineRule("SP-042", SEV_ERROR);
function SP042_doc(): RuleDoc {
  return {
    id: "SP-042",
    validator: "session-log",
    title: "Log updated",
    description: "Strict: the log changed since the Starting Commit.",
    messages: {
      logNotUpdatedSince: "Log not updated since Starting Commit {{startSha}}",
    },
  };
}
export const SP090 = defineRule("SP-090", SEV_INFO);
function SP090_doc(): RuleDoc {
  return {
    id: "SP-090",
    validator: "session-log",
    title: "Git facts unavailable",
    description: "Git-bound checks skipped outside a git repository.",
    messages: {
      notCheckedGitFacts: "{{what}} not checked: git facts unavailable ({{detail}})",
      spEndingcommitReachableNot: "SP-130 (endingCommit reachable) not checked: shallow clone",
      spEndingcommitReachableNot2: "SP-130 (endingCommit reachable) not checked: no fact about commit {{v}}",
      noGitFactsNot: "No git facts (not a git repository root): {{skipped}} not checked",
    },
  };
}

export function checkGit(ctx: SessionCtx, log: MdLog): void {
  const input = ctx.input;
  const files = changedFiles(input, log);
  if (files === null) {
    ctx.report(SP038, 0, 0, msg("message").s("detail", log.startSha.length == 0
      ? "No Starting Commit in Session Info; changed files unknown"
      : "Starting Commit " + log.startSha + " not in git history; changed files unknown"));
  }
  if (isPreCommit(input)) return;
  if (input.fact("clean") == "0") ctx.report(SP039, 0, 0, msg("gitStatusIsNot"));
  const head = input.fact("head");
  if (head !== null && log.startSha.length > 0 && head.startsWith(log.startSha)) {
    ctx.report(SP040, 0, 0, msg("noCommitsSinceStarting").s("startSha", log.startSha));
  }
  const row = log.commitRow();
  if (row === null) ctx.report(SP041, 0, 0, msg("noCommitAllChanges"));
  else {
    const sha = citedSha(row.evidence);
    if (sha.length == 0) ctx.report(SP041, row.line, 0, msg("commitRowLacksCommit"));
    else {
      const known = input.factLines("commits");
      if (known !== null && !known.includes(sha)) ctx.report(SP041, row.line, 0, msg("commitShaNotFound").s("sha", sha));
    }
  }
  if (files !== null && log.startSha.length > 0 && !files.includes(ctx.doc.name)) {
    ctx.report(SP042, 0, 0, msg("logNotUpdatedSince").s("startSha", log.startSha));
  }
}

export function noteNoGit(ctx: SessionCtx, skipped: string): void {
  if (skipped.length > 0) ctx.report(SP090, 0, 0, msg("noGitFactsNot").s("skipped", skipped));
}
