// Session-protocol validator: the verdict of one protocol gate from the facts the host gathered.
// One document of KIND_PHASE_GATE per run, named after the gate. Output data on that document:
// status (PASS | FAIL | SKIPPED), requirement (MUST | SHOULD), message, evidence; a FAIL is also a
// finding of the gate's rule (PH-001..PH-009). Facts per gate are listed at each check below.
import { Doc, Input, Results } from "../../io";
import { KIND_PHASE_GATE } from "../../abi";
import { Rule, msg } from "../../rules";
import { asciiLower } from "../../lib/text";
import { nonDocFiles } from "../session-log/qa-scope";
import { PH001, PH002, PH003, PH004, PH005, PH006, PH007, PH008, PH009 } from "./rules";

function str(input: Input, name: string): string {
  const v = input.fact(name);
  return v === null ? "" : v;
}

function lines(input: Input, name: string): string[] {
  const v = input.factLines(name);
  return v === null ? [] : v;
}

function listed(xs: string[], max: i32): string {
  const parts: string[] = [];
  for (let i = 0; i < xs.length && i < max; i++) parts.push(xs[i]);
  let s = parts.join(", ");
  if (xs.length > max) s += ", … (" + (xs.length - max).toString() + " more)";
  return s;
}

function plural(n: i32, word: string): string {
  return n.toString() + " " + word + (n == 1 ? "" : "s");
}

class Verdict {
  constructor(public status: string, public message: string, public evidence: string) {}
}

function pass(message: string, evidence: string): Verdict {
  return new Verdict("PASS", message, evidence);
}
function fail(message: string): Verdict {
  return new Verdict("FAIL", message, "");
}

/** SERENA_INIT. Facts: memoriesDir, memoriesReadable (bool), memoryCount, memoriesDetail. */
function serenaInit(input: Input): Verdict {
  const dir = str(input, "memoriesDir");
  if (input.factBool("memoriesReadable", false)) {
    return pass("memory store answers: " + dir + " lists " + plural(input.factInt("memoryCount", 0), "memory file"), dir);
  }
  const d = str(input, "memoriesDetail");
  return fail("memory store not available: " + (dir.length > 0 ? dir : "no memories folder") + (d.length > 0 ? " (" + d + ")" : ""));
}

/** SKILL_VALIDATION. Facts: skillsDir, skillsDirExists (bool), skillScripts (int), memoryRead (evidence text), memoryName. */
function skillValidation(input: Input): Verdict {
  const dir = str(input, "skillsDir");
  const haveDir = input.factBool("skillsDirExists", false);
  const read = str(input, "memoryRead");
  const mem = str(input, "memoryName");
  const missing: string[] = [];
  if (!haveDir) missing.push("the skills folder " + dir + " does not exist");
  if (read.length == 0) {
    missing.push("no evidence that the mandatory memory " + mem + " was read (record_evidence SKILL_VALIDATION memory_read)");
  }
  if (missing.length > 0) return fail(missing.join("; "));
  return pass("skills folder " + dir + " (" + plural(input.factInt("skillScripts", 0), "script") + "); " + mem + " read: " + read,
    dir + "; " + read);
}

function isSha256(s: string): bool {
  if (s.length != 64) return false;
  for (let i = 0; i < 64; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** CONTEXT_RETRIEVAL. Facts: handoffPath, handoffExists (bool), recordedHash, currentHash, notesEvidence. */
function contextRetrieval(input: Input): Verdict {
  const path = str(input, "handoffPath");
  if (input.factBool("handoffExists", false)) {
    const recorded = asciiLower(str(input, "recordedHash"));
    const current = asciiLower(str(input, "currentHash"));
    if (recorded.length == 0) {
      return fail("no content hash of " + path + " recorded (record_evidence CONTEXT_RETRIEVAL handoff_hash <sha256 of the file>)");
    }
    if (!isSha256(recorded)) return fail("the recorded hand-off hash is not a SHA-256 hex digest: " + recorded);
    if (recorded != current) {
      return fail("stale hand-off hash: recorded " + recorded.substring(0, 12) + "…, " + path + " now hashes to " + current.substring(0, 12) + "… (read it again)");
    }
    return pass(path + " read (sha256 " + current.substring(0, 12) + "… matches)", "sha256:" + current);
  }
  const notes = str(input, "notesEvidence");
  if (notes.length > 0) return pass("no " + path + "; session-state notes stand in: " + notes, notes);
  return fail("no " + path + " and no session-state notes recorded (record_evidence CONTEXT_RETRIEVAL notes <summary>)");
}

/** SESSION_LOG. Facts: logPath, logExists (bool), logFindings (lines), logInternal (lines). */
function sessionLog(input: Input): Verdict {
  const path = str(input, "logPath");
  if (!input.factBool("logExists", false)) return fail("no session log " + path + " (.md or .json)");
  const internal = lines(input, "logInternal");
  if (internal.length > 0) return fail("the session-log validator could not check " + path + ": " + listed(internal, 3));
  if (!input.has("logFindings")) return fail("the session-log validator did not run on " + path);
  const f = lines(input, "logFindings");
  if (f.length > 0) return fail(path + " does not validate (creation mode, " + plural(f.length, "error") + "): " + listed(f, 5));
  return pass(path + " validates (creation mode)", path);
}

/** GIT_STATE. Facts: branch, startingCommit, treeState. */
function gitState(input: Input): Verdict {
  const b = str(input, "branch");
  const c = str(input, "startingCommit");
  const t = str(input, "treeState");
  const missing: string[] = [];
  if (b.length == 0) missing.push("branch");
  if (c.length == 0) missing.push("starting commit");
  if (t.length == 0) missing.push("working tree state");
  if (missing.length > 0) return fail("not recorded: " + missing.join(", "));
  return pass("branch " + b + ", starting commit " + c + ", working tree " + t, b + "@" + c + " (" + t + ")");
}

/** DOCS_UPDATE. Facts: logPath, logExists (bool), workEntries (int). */
function docsUpdate(input: Input): Verdict {
  const path = str(input, "logPath");
  if (!input.factBool("logExists", false)) return fail("no session log " + path + " to hold the work record");
  const n = input.factInt("workEntries", 0);
  if (n <= 0) return fail("the work sections of " + path + " are empty");
  return pass(path + ": " + plural(n, "work entry") + " recorded", path);
}

/** QUALITY_CHECKS. Facts: changedMarkdown (lines), lintFindings (lines), lintError. */
function qualityChecks(input: Input): Verdict {
  const err = str(input, "lintError");
  if (err.length > 0) return fail("markdown lint could not run: " + err);
  if (!input.has("lintFindings")) return fail("markdown lint did not run");
  const files = lines(input, "changedMarkdown");
  const f = lines(input, "lintFindings");
  if (f.length > 0) return fail("markdown lint: " + plural(f.length, "problem") + " in changed files: " + listed(f, 5));
  if (files.length == 0) return pass("no markdown changed since the starting commit", "no changed markdown");
  return pass("markdown lint clean on " + plural(files.length, "changed file"), listed(files, 10));
}

/** QA_VALIDATION. Facts: sessionId, qaReports (lines), changesKnown (bool), changedFiles (lines), skipQa (bool), memoriesDir. */
function qaValidation(input: Input): Verdict {
  const reports = lines(input, "qaReports");
  const skip = input.factBool("skipQa", false);
  if (reports.length > 0 && !skip) return pass("QA report: " + listed(reports, 3), listed(reports, 3));
  if (!input.factBool("changesKnown", false)) {
    return fail("no QA report for session " + str(input, "sessionId") + " under .agents/qa/, and the changes since the starting commit are unknown (no git history)");
  }
  const changed = lines(input, "changedFiles");
  const mem = input.has("memoriesDir") ? str(input, "memoriesDir") : ".serena/memories";
  const nonDoc = nonDocFiles(changed, mem);
  if (nonDoc === null) return new Verdict("SKIPPED", "docs-only: no changes since the starting commit", "no changes");
  if (nonDoc.length == 0) {
    return new Verdict("SKIPPED", "docs-only: all " + plural(changed.length, "changed file") + " are documentation", listed(changed, 10));
  }
  if (skip) {
    return fail("skip_qa is allowed only for docs-only changes; " + plural(nonDoc.length, "non-documentation file") + " changed: " + listed(nonDoc, 5));
  }
  return fail("no QA report for session " + str(input, "sessionId") + " under .agents/qa/ and " + plural(nonDoc.length, "non-documentation file") +
    " changed: " + listed(nonDoc, 5));
}

/** GIT_COMMIT. Facts: headCommit, startingCommit, commitsSince (int, -1 unknown), dirtyFiles (lines). */
function gitCommit(input: Input): Verdict {
  const head = str(input, "headCommit");
  if (head.length == 0) return fail("no commit in the repository");
  const n = input.factInt("commitsSince", -1);
  const missing: string[] = [];
  if (n < 0) missing.push("the starting commit " + str(input, "startingCommit") + " is unknown or not an ancestor of HEAD");
  else if (n == 0) missing.push("no commit since the starting commit " + str(input, "startingCommit"));
  const dirty = lines(input, "dirtyFiles");
  if (dirty.length > 0) missing.push("uncommitted changes (" + dirty.length.toString() + "): " + listed(dirty, 5));
  if (missing.length > 0) return fail(missing.join("; "));
  return pass(plural(n, "commit") + " since the starting commit, working tree clean (HEAD " + head.substring(0, 12) + ")", head);
}

function gate(input: Input, name: string): Verdict {
  if (name == "SERENA_INIT") return serenaInit(input);
  if (name == "SKILL_VALIDATION") return skillValidation(input);
  if (name == "CONTEXT_RETRIEVAL") return contextRetrieval(input);
  if (name == "SESSION_LOG") return sessionLog(input);
  if (name == "GIT_STATE") return gitState(input);
  if (name == "DOCS_UPDATE") return docsUpdate(input);
  if (name == "QUALITY_CHECKS") return qualityChecks(input);
  if (name == "QA_VALIDATION") return qaValidation(input);
  if (name == "GIT_COMMIT") return gitCommit(input);
  return fail("unknown gate " + name);
}

function ruleOf(name: string): Rule | null {
  if (name == "SERENA_INIT") return PH001;
  if (name == "SKILL_VALIDATION") return PH002;
  if (name == "CONTEXT_RETRIEVAL") return PH003;
  if (name == "SESSION_LOG") return PH004;
  if (name == "GIT_STATE") return PH005;
  if (name == "DOCS_UPDATE") return PH006;
  if (name == "QUALITY_CHECKS") return PH007;
  if (name == "QA_VALIDATION") return PH008;
  if (name == "GIT_COMMIT") return PH009;
  return null;
}

export function validateSessionProtocol(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc: Doc = input.docs[i];
    if (doc.kind != KIND_PHASE_GATE) continue;
    const name = doc.name;
    const v = gate(input, name);
    const rule = ruleOf(name);
    results.put(doc, "status", v.status);
    results.put(doc, "requirement", rule !== null && rule.severity == 0 ? "MUST" : "SHOULD");
    results.put(doc, "message", v.message);
    results.put(doc, "evidence", v.evidence);
    if (v.status == "FAIL" && rule !== null) results.report(rule, doc, 0, 0, msg("gateFailed").s("gate", name).s("message", v.message));
  }
}

/** The session-protocol gate rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  PH001, PH002, PH003, PH004, PH005, PH006, PH007, PH008, PH009,
];
