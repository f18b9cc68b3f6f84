// Rule tester tables of the content rules every validator applies (run here through session-log).
// AC-900..AC-904 are reported by the host (size limit, unreadable files, aborts, input limit) or by a
// budget inside a check; their tests are in test/hostile/ and test/wasm/.
const log = (text) => ({ name: ".agents/sessions/2026-01-01-session-1.md", kind: "SESSION_MD", text });

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
    invalid: [{ name: "a NUL byte", validator: "session-log", docs: [log("# a\u0000b\n")], errors: [{ messageId: "binary", data: { offset: "3" } }] }],
  },
};
