// Rule tester tables of the session-log rules converted so far (the rest are tested by the catalog
// suites in test/session-md and test/session-json).
const md = (name, text = "# Session\n") => ({ name: `.agents/sessions/${name}`, kind: "SESSION_MD", text });

export default {
  "SP-001": {
    valid: [
      { name: "YYYY-MM-DD-session-N.md", docs: [md("2026-01-05-session-12.md")] },
      { name: "with a slug, JSON", docs: [{ name: ".agents/sessions/2026-01-05-session-3-fix-parser.json", kind: "SESSION_JSON", text: "{}" }] },
    ],
    invalid: [
      { name: "no session number", docs: [md("2026-01-05-session.md")], errors: [{ messageId: "badName", line: 0, data: { name: "2026-01-05-session.md" } }] },
      { name: "an empty slug", docs: [md("2026-01-05-session-1-.md")], errors: [{ messageId: "badName", data: { name: "2026-01-05-session-1-.md" } }] },
    ],
  },
};
