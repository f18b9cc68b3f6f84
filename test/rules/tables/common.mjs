// Rule tester tables of the rules every validator shares. AC-001/AC-002 run through the core
// (here through session-log and memory-index), AC-010 through the pre-pr module's directive family
// (the host hands it the findings of a run, a list of docOrdinal, line, ruleId triples),
// AC-904 through a budget inside a check (the session-log JSON schema's regular expressions).
// AC-900..AC-903 are reported by the host: their cases run through the host's own steps (`read`:
// the bounded reader; `host`: executeValidator), see test/rules/rule-tester.ts.
import { fileURLToPath } from "node:url";
import { manifest, session, budgetSchema } from "./manifest.mjs";

const LOG = ".agents/sessions/2026-01-01-session-1.md";
const log = (text) => ({ name: LOG, kind: "SESSION_MD", text });
const raw = (bytes) => ({ name: LOG, kind: "SESSION_MD", bytes: Uint8Array.from(bytes) });
const md = (name, text) => ({ name, kind: "PREPR_FILE", text });
const dir = (findings, more = {}) => ({ family: "dir", reportUnused: true, findings, ...more });
const JSON_LOG = ".agents/sessions/2026-01-05-session-42.json";
const schemaCase = (value, ...more) => ({
  validator: "session-log",
  docs: [value, ...more].map((v, i) => ({ name: i == 0 ? JSON_LOG : JSON_LOG.replace("-42", `-${42 + i}`), kind: "SESSION_JSON", text: JSON.stringify({ v }) })),
  facts: { now: "2026-01-06T12:00:00Z", "session.schema": JSON.stringify({ properties: { v: { pattern: "^(a*)*b$" } } }) },
});
const MiB = 1024 * 1024;
// SM-002's schema layer (manifest validator): the zod schema with the same kind of catastrophic pattern on topic.
const manifestCase = (...topics) => ({
  validator: "manifest",
  docs: topics.flatMap((topic, i) => session(manifest({ topic }), { folder: `2026-02-14_t${i}_a1b2c3` })),
  facts: { "manifest.schema": budgetSchema() },
});

export default {
  "AC-001": {
    valid: [{ name: "a file with text", validator: "session-log", docs: [log("# Session 1\n")] }],
    invalid: [
      { name: "an empty file", validator: "session-log", docs: [log("")], errors: [{ messageId: "empty", line: 0 }] },
      { name: "only white space and a BOM", validator: "session-log", docs: [log("\uFEFF \n\t\n")], errors: [{ messageId: "empty" }] },
    ],
  },
  "AC-002": {
    valid: [{ name: "UTF-8 text with non-ASCII characters", validator: "session-log", docs: [log("# Sitzung – ü\n")] }],
    invalid: [
      { name: "a NUL byte", validator: "session-log", docs: [log("# a\u0000b\n")], errors: [{ messageId: "binary", data: { offset: "3" } }] },
      { name: "an invalid UTF-8 byte", validator: "session-log", docs: [raw([0x23, 0x20, 0x61, 0xff, 0x0a])], errors: [{ messageId: "binary", line: 0, data: { offset: "3" } }] },
      { name: "UTF-16 text (with BOM)", validator: "session-log", docs: [raw([0xff, 0xfe, 0x23, 0x00])], errors: [{ messageId: "binary", data: { offset: "0" } }] },
      {
        name: "a binary domain index (memory-index)",
        validator: "memory-index",
        docs: [
          { name: ".serena/memories", kind: "MEMORY_DIR", text: "" },
          { name: "memory-index.md", kind: "MEMORY_FILE", text: "| T | Essential Memories |\n|---|---|\n| t | skills-git-index |\n" },
          { name: "skills-git-index.md", kind: "MEMORY_FILE", bytes: Uint8Array.from([0x7c, 0x20, 0xc3, 0x28, 0x0a]) },
        ],
        errors: [{ messageId: "binary", data: { offset: "2" }, doc: "skills-git-index.md" }],
      },
    ],
  },
  "AC-010": {
    valid: [
      { name: "a directive that suppresses a finding", validator: "pre-pr", docs: [md("docs/a.md", "<!-- agentcheck-disable-next-line MD013 -->\nA very long line\n")], facts: dir(["0", "2", "MD013"]) },
      { name: "unused directives are not reported without --report-unused-disable", validator: "pre-pr", docs: [md("docs/a.md", "<!-- agentcheck-disable MD013 -->\ntext\n")], facts: dir([], { reportUnused: false }) },
      { name: "a comment in an indented code block is an example, not a directive", validator: "pre-pr", docs: [md("docs/a.md", "# A\n\n    <!-- agentcheck-disable MD013 -->\n\n\tmore code\n")], facts: dir([]) },
      { name: "a line '```js' inside a ``` fence does not close it", validator: "pre-pr", docs: [md("docs/a.md", "# A\n\n```\n```js\n<!-- agentcheck-disable -->\n```\n")], facts: dir([]) },
      { name: "a backtick line with a backtick in its info string opens no fence (a code span)", validator: "pre-pr", docs: [md("docs/a.md", "# A\n\n``` `<!-- agentcheck-disable -->` ```\n")], facts: dir([]) },
      { name: "issue 36: agentcheck-disable-line at the end of a table row suppresses that row's finding", validator: "pre-pr", docs: [md("s.md", "| Req | Step | Status |\n|---|---|---|\n| MUST | Read | [ ] | <!-- agentcheck-disable-line SP-013 -->\n")], facts: dir(["0", "3", "SP-013"]) },
    ],
    invalid: [
      { name: "a next-line directive for every rule that suppresses nothing", validator: "pre-pr", docs: [md("docs/a.md", "# A\n<!-- agentcheck-disable-next-line -->\nshort\n")], facts: dir([]), errors: [{ messageId: "suppressesNoFinding", line: 2, data: { name: "agentcheck-disable-next-line" } }] },
      { name: "a directive in a list item's indented paragraph is a directive", validator: "pre-pr", docs: [md("docs/a.md", "# A\n\n- item\n\n    <!-- agentcheck-disable-next-line -->\n    text\n")], facts: dir([]), errors: [{ messageId: "suppressesNoFinding", line: 5 }] },
      { name: "a directive after a closing fence with trailing spaces is a directive", validator: "pre-pr", docs: [md("docs/a.md", "# A\n\n~~~~ sh\ncode\n~~~~~  \n<!-- agentcheck-disable-next-line -->\nx\n")], facts: dir([]), errors: [{ messageId: "suppressesNoFinding", line: 6 }] },
      { name: "indented text that continues a paragraph is not code", validator: "pre-pr", docs: [md("docs/a.md", "# A\n\ntext\n    <!-- agentcheck-disable-next-line -->\nx\n")], facts: dir([]), errors: [{ messageId: "suppressesNoFinding", line: 4 }] },
      {
        name: "one finding per rule id that suppresses nothing",
        validator: "pre-pr",
        docs: [md("docs/a.md", "<!-- agentcheck-disable MD013 MD041 -->\nA very long line\n")],
        facts: dir(["0", "2", "MD013"]),
        errors: [{ messageId: "suppressesNoFinding2", line: 1, data: { name: "agentcheck-disable", ids: "MD041" } }],
      },
    ],
  },
  "AC-011": {
    valid: [
      { name: "a disable/enable pair around a whole table", validator: "pre-pr", docs: [md("s.md", "<!-- agentcheck-disable SP-013 -->\n| a | b |\n|---|---|\n| c | d |\n<!-- agentcheck-enable -->\n")], facts: dir(["0", "4", "SP-013"]) },
      { name: "agentcheck-disable-line at the end of a row does not break the table", validator: "pre-pr", docs: [md("s.md", "| a | b |\n|---|---|\n| c | d | <!-- agentcheck-disable-line SP-013 -->\n| e | f |\n")], facts: dir(["0", "3", "SP-013"]) },
      { name: "a next-line directive before a table (after a blank line) breaks nothing", validator: "pre-pr", docs: [md("s.md", "# A\n\n<!-- agentcheck-disable-next-line MD013 -->\n| a | b |\n|---|---|\n")], facts: dir(["0", "4", "MD013"]) },
    ],
    invalid: [
      {
        name: "issue 36: a next-line directive between two table rows ends the table (never a silent pass)",
        validator: "pre-pr",
        docs: [md("s.md", "| a | b |\n|---|---|\n<!-- agentcheck-disable-next-line SP-013 -->\n| c | d |\n| e | f |\n")],
        facts: dir(["0", "4", "SP-013"]),
        errors: [{ messageId: "breaksTable", line: 3, severity: "error", data: { name: "agentcheck-disable-next-line" } }],
      },
      {
        name: "a directive between two list items ends the list",
        validator: "pre-pr",
        docs: [md("s.md", "- [ ] one\n<!-- agentcheck-disable-next-line SP-013 -->\n- [ ] two\n")],
        facts: dir(["0", "3", "SP-013"]),
        errors: [{ messageId: "breaksList", line: 2, data: { name: "agentcheck-disable-next-line" } }],
      },
    ],
  },
  "AC-900": {
    valid: [{ name: "a file within the size limit", validator: "session-log", read: { maxBytes: 64 }, docs: [log("# Session 1\n")] }],
    invalid: [{ name: "a file over the size limit is not read", validator: "session-log", read: { maxBytes: 16 }, docs: [log("# Session 1\n\nmore than 16 bytes\n")], errors: [{ messageId: "detail", line: 0, doc: LOG, data: { detail: "32 bytes, limit 16" } }] }],
  },
  "AC-901": {
    valid: [{ name: "a regular file", validator: "session-log", read: { maxBytes: MiB }, docs: [log("# Session 1\n")] }],
    invalid: [
      { name: "a dangling symbolic link", validator: "session-log", read: { maxBytes: MiB }, docs: [{ name: LOG, kind: "SESSION_MD", symlink: "gone.md" }], errors: [{ messageId: "detail", line: 0, doc: LOG, data: { detail: "dangling symbolic link (its target does not exist; not read)" } }] },
      { name: "a link out of the repository is never followed", validator: "session-log", read: { maxBytes: MiB }, docs: [{ name: LOG, kind: "SESSION_MD", symlink: fileURLToPath(import.meta.url) }], errors: [{ messageId: "detail", doc: LOG, data: { detail: "symbolic link to a target outside the repository (not read)" } }] },
    ],
  },
  "AC-902": {
    valid: [{ name: "the core runs to the end", validator: "session-log", host: true, docs: [log("# Session 1\n")] }],
    invalid: [
      {
        name: "a WebAssembly trap on one file (test hook debug.trap)",
        validator: "session-log",
        host: true,
        docs: [log("# Session 1\n")],
        facts: { "debug.trap": `unreachable:${LOG}` },
        errors: [{ messageId: "detail", line: 0, severity: "error", doc: LOG, data: { detail: "validator session-log failed (trap: unreachable): unreachable" } }],
      },
    ],
  },
  "AC-903": {
    valid: [{ name: "input within the core's limit", validator: "session-log", host: true, docs: [log("# Session 1\n")] }],
    invalid: [
      { name: "a file with its facts over the core's input limit (64 MiB)", validator: "session-log", host: true, docs: [{ name: LOG, kind: "SESSION_MD", bytes: new Uint8Array(64 * MiB + 1) }], errors: [{ messageId: "detail", line: 0, doc: LOG }] },
    ],
  },
  "AC-904": {
    valid: [{ name: "a pattern within the regular-expression budget", ...schemaCase("aaab") }],
    invalid: [
      { name: "a catastrophic pattern runs out of budget: no verdict, not a mismatch", ...schemaCase("a".repeat(40)), errors: [{ messageId: "schema", line: 1, data: { path: "v" } }] },
      { name: "SP-102: a budget hit on one log is not reported again on the next (run() resets)", ...schemaCase("a".repeat(40), "aab", "ab"), errors: [{ messageId: "schema", line: 1, data: { path: "v" }, doc: JSON_LOG }] },
      { name: "SM-002: a manifest's pattern runs out of budget: AC-904, not a silent pass", ...manifestCase("a".repeat(40)), errors: [{ messageId: "schema", line: 4, data: { path: "topic" } }] },
      {
        name: "SM-002: a budget hit on one manifest is not reported again on the next",
        ...manifestCase("a".repeat(40), "aab", "ab"),
        errors: [{ messageId: "schema", line: 4, data: { path: "topic" }, doc: "agents/sessions/2026-02-14_t0_a1b2c3/state.json" }],
      },
    ],
  },
};
