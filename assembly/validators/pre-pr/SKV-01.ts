// SKV-01: a raw `gh` command where the repository has GitHub skill scripts (upstream's
// Detect-SkillViolation, scripts/detect_skill_violation.py). The host runs this family only when the
// skills folder exists (PP-016 decides the row otherwise). Matching is upstream's, line by line on
// the raw UTF-8 bytes: `gh`, whitespace, then `pr` + whitespace + create|merge|close|view|list|diff,
// `issue` + whitespace + create|close|view|list, or `api` / `repo` followed by whitespace. Whitespace
// is Python's `\s` on text (ASCII and Unicode spaces); a line ends at LF, CR LF or a lone CR (Python
// reads the file with universal newlines).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { FAMILY_SKV, PrePrCtx } from "./ctx";
import { at, column, startsAt } from "./paths";

// upstream's verbs after `gh pr` and `gh issue` (declared before the rule: its check reads them)
const PR_VERBS: string[] = ["create", "merge", "close", "view", "list", "diff"];
const ISSUE_VERBS: string[] = ["create", "close", "view", "list"];

export const SKV01 = defineRule("SKV-01", SEV_WARNING, check);
function SKV01_doc(): RuleDoc {
  return {
    id: "SKV-01",
    validator: "pre-pr",
    title: "Raw gh command",
    description: "A file uses a raw GitHub CLI command (`gh pr create|merge|close|view|list|diff`, `gh issue create|close|view|list`, `gh api …`, `gh repo …`) while the repository has GitHub skill scripts (`skillsDir`) that agents should call instead: skills handle errors, pagination and authentication the same way every time, and a raw command names a capability the skills lack. Reported once per line (upstream's Detect-SkillViolation reports the first line per file); a warning, as upstream's is non-blocking.",
    options: {
      skillsDir: { type: "string", "default": ".claude/skills/github/scripts", description: "Folder of the GitHub skill scripts; when it does not exist the check does not apply (pre-pr row PP-016 is a SKIP that says so)." },
      extensions: { type: "string[]", "default": [".md", ".py", ".ps1", ".psm1"], description: "Extensions of the files scanned (the host selects them)." },
      excludes: { type: "string[]", "default": [], description: "Globs of files not scanned (the host applies them)." },
      maxPerFile: { type: "integer", "default": 20, description: "Most lines reported per file (at least 1); the lines after them are counted in one more finding (a file of a million matching lines stays one screen and one second)." },
    },
    messages: {
      rawGh: "raw `gh {{command}}`: use the GitHub skill scripts in {{dir}}, or add the capability there",
      moreLines: "{{count}} more line(s) with raw gh commands after this one",
    },
  };
}

/** Bytes of the whitespace at `i` (Python's str \s minus LF and CR, which end a line here), 0 when none. */
function spaceAt(p: usize, i: i32, end: i32): i32 {
  const c = at(p, i);
  if (c == 32 || c == 9 || c == 11 || c == 12 || (c >= 28 && c <= 31)) return 1;
  if (c == 0xc2 && i + 1 < end) {
    const d = at(p, i + 1);
    return d == 0x85 || d == 0xa0 ? 2 : 0;
  }
  if (i + 2 >= end) return 0;
  const d = at(p, i + 1);
  const e = at(p, i + 2);
  if (c == 0xe1) return d == 0x9a && e == 0x80 ? 3 : 0; // U+1680
  if (c == 0xe3) return d == 0x80 && e == 0x80 ? 3 : 0; // U+3000
  if (c != 0xe2) return 0;
  if (d == 0x80) return (e >= 0x80 && e <= 0x8a) || e == 0xa8 || e == 0xa9 || e == 0xaf ? 3 : 0; // U+2000..200A, 2028, 2029, 202F
  return d == 0x81 && e == 0x9f ? 3 : 0; // U+205F
}

/** Index after one or more whitespace characters from `i`, or -1 when there is none. */
function spaces(p: usize, i: i32, end: i32): i32 {
  let j = i;
  while (j < end) {
    const n = spaceAt(p, j, end);
    if (n == 0) break;
    j += n;
  }
  return j > i ? j : -1;
}

/** The first of `verbs` that starts at `i`, or null. */
function verbAt(p: usize, i: i32, end: i32, verbs: string[]): string | null {
  for (let k = 0; k < verbs.length; k++) if (startsAt(p, i, end, verbs[k])) return verbs[k];
  return null;
}

/** The command a `gh` at `g` starts (`pr view`, `api`, ...), or null when none of upstream's patterns matches there. */
function commandAt(p: usize, g: i32, end: i32): string | null {
  const s = spaces(p, g + 2, end);
  if (s < 0) return null;
  if (startsAt(p, s, end, "pr") || startsAt(p, s, end, "issue")) {
    const pr = at(p, s) == 112;
    const v = spaces(p, s + (pr ? 2 : 5), end);
    if (v < 0) return null;
    const verb = verbAt(p, v, end, pr ? PR_VERBS : ISSUE_VERBS);
    if (verb === null) return null;
    const head: string = pr ? "pr " : "issue ";
    return head + verb!;
  }
  if (startsAt(p, s, end, "api") && spaces(p, s + 3, end) >= 0) return "api";
  if (startsAt(p, s, end, "repo") && spaces(p, s + 4, end) >= 0) return "repo";
  return null;
}

function atLeastOne(n: i32): i32 {
  return n < 1 ? 1 : n;
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SKV)) return;
  const o = ctx.input.option(ctx.rule, "skillsDir");
  const dir = o === null ? "" : o;
  const max = atLeastOne(ctx.input.optionInt(ctx.rule, "maxPerFile", 20));
  const docs = ctx.docs;
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d];
    const p = doc.ptr;
    const len = doc.len;
    let a = 0;
    let lineNo = 0;
    let found = 0;
    let lastLine = 0;
    let lastCol = 0;
    while (a < len) {
      lineNo++;
      let b = a;
      while (b < len && at(p, b) != 10 && at(p, b) != 13) b++;
      const next = b < len && at(p, b) == 13 && b + 1 < len && at(p, b + 1) == 10 ? b + 2 : b + 1;
      for (let i = a; i + 1 < b; i++) {
        if (at(p, i) != 103 || at(p, i + 1) != 104) continue;
        const cmd = commandAt(p, i, b);
        if (cmd === null) continue;
        found++;
        if (found <= max) {
          lastLine = lineNo;
          lastCol = column(p, a, i);
          ctx.report(ctx.rule, loc(doc, lastLine, lastCol), msg("rawGh").s("command", cmd).s("dir", dir));
        }
        break; // once per line
      }
      a = next;
    }
    if (found > max) ctx.report(ctx.rule, loc(doc, lastLine, lastCol), msg("moreLines").i("count", found - max));
  }
}
