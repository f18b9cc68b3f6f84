// SP-020: the commit row's "Commit SHA: <sha>" is 7-40 hex, without a subject line (checked rows).
// SP-021: commit evidence exists: a SHA in the commit row or under "Commits This Session" (warning;
// not in pre-commit context, where the commit does not exist yet).
import { defineRule, msg, Msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { SessionCtx } from "./context";
import { MdLog, leadingSha, isPreCommit } from "./md-log";
import { asciiLower, isAlnum, isAlpha, isHex, isSpace } from "../../lib/text";

export const SP020 = defineRule("SP-020", SEV_ERROR);
function SP020_doc(): RuleDoc {
  return {
    id: "SP-020",
    validator: "session-log",
    title: "Commit SHA format",
    description: "A checked commit row's 'Commit SHA:' is 7-40 hex.",
    messages: {
      empty: "Commit SHA is empty",
      badFormat: "Commit SHA format invalid (7-40 hex): '{{sha}}'",
      subjectLine: "Commit SHA includes subject line; give the SHA only",
    },
  };
}
export const SP021 = defineRule("SP-021", SEV_WARNING);
function SP021_doc(): RuleDoc {
  return {
    id: "SP-021",
    validator: "session-log",
    title: "Commit evidence",
    description: "The log cites a commit SHA.",
    messages: {
      noCommitEvidenceFound: "No commit evidence found in session log",
    },
  };
}

/** Text after "Commit SHA:" (case-insensitive), or null when the label is absent. */
export function shaLabel(ev: string): string | null {
  const k = asciiLower(ev).indexOf("commit sha:");
  return k < 0 ? null : ev.substring(k + 11).trim();
}

/** The SHA cited in a commit row's Evidence (lower case), or "". */
export function citedSha(ev: string): string {
  const v = shaLabel(ev);
  return v === null ? "" : leadingSha(v);
}

/** First word-bounded 7-40 hex run with at least one letter in lines [a, b). */
function hexIn(lines: string[], a: i32, b: i32): string {
  for (let i = a; i < b; i++) {
    const l = lines[i];
    for (let k = 0; k < l.length; k++) {
      if (!isHex(l.charCodeAt(k)) || (k > 0 && isAlnum(l.charCodeAt(k - 1)))) continue;
      const s = leadingSha(l.substring(k, k + 41));
      if (s.length == 0) continue;
      for (let j = 0; j < s.length; j++) if (isAlpha(s.charCodeAt(j))) return s;
    }
  }
  return "";
}

export function checkCommit(ctx: SessionCtx, log: MdLog): void {
  const row = log.commitRow();
  if (row !== null && row.checked) {
    const v = shaLabel(row.evidence);
    if (v !== null) {
      const tok = v.replaceAll("`", "").trim();
      const sha = leadingSha(v);
      let m: Msg | null = null;
      if (tok.length == 0) m = msg("empty");
      else if (sha.length == 0) {
        let e = 0;
        while (e < tok.length && !isSpace(tok.charCodeAt(e))) e++;
        m = msg("badFormat").s("sha", tok.substring(0, e));
      } else if (!v.startsWith("`") && v.length > sha.length && isSpace(v.charCodeAt(sha.length)) &&
        isAlpha(v.substring(sha.length).trimStart().charCodeAt(0))) {
        m = msg("subjectLine");
      }
      if (m !== null) ctx.report(SP020, row.line, 0, m);
    }
  }
  if (isPreCommit(ctx.input)) return;
  if (row !== null && citedSha(row.evidence).length > 0) return;
  const s = log.section("commits this session");
  if (s[0] >= 0 && hexIn(log.lines, s[0], s[1]).length > 0) return;
  ctx.report(SP021, 0, 0, msg("noCommitEvidenceFound"));
}
