// `agentcheck session migrate-handoff` on temp copies of the real hand-off files of both corpus versions:
// golden dry-run output, the store's content after a real run, a second run that is a no-op.
import { describe, it, expect } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, HAS_CORPUS, ROOT, makeRepo, runCli } from "../helpers.js";
import { SessionStore, planHandoff } from "../../dist/index.js";

const ENV = { AGENTCHECK_NOTES_DIR: undefined };
const VERSIONS = ["ai-agents-109e737e7", "ai-agents-efa406e9a"];
const GOLDEN = join(ROOT, "test", "handoff", "golden", "dry-run.json");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

function workspaceWith(version: string): string {
  const repo = makeRepo();
  mkdirSync(join(repo, ".agents"));
  copyFileSync(join(CORPUS, version, ".agents", "HANDOFF.md"), join(repo, ".agents", "HANDOFF.md"));
  return repo;
}

describe.skipIf(!HAS_CORPUS)("session migrate-handoff (real corpus hand-off files)", () => {
  for (const version of VERSIONS) {
    it(`${version}: dry run matches the golden output and writes nothing`, () => {
      const repo = workspaceWith(version);
      const r = runCli(["session", "migrate-handoff", "--dry-run", "--pretty"], { cwd: repo, env: ENV });
      expect(r.code).toBe(0);
      if (UPDATE) writeFileSync(GOLDEN, r.stdout);
      expect(r.stdout).toBe(readFileSync(GOLDEN, "utf8"));
      expect(existsSync(join(repo, ".agent-notes"))).toBe(false);
      expect(r.stderr).toMatch(/would write 5 decision\(s\), 12 pending handoff\(s\)/);
      expect(r.stderr).toContain("was not deleted: remove it yourself once reviewed");
    });

    it(`${version}: a real run writes decisions, handoffs, a context note and an initial state; the file stays; the second run is a no-op`, () => {
      const repo = workspaceWith(version);
      const original = readFileSync(join(repo, ".agents", "HANDOFF.md"), "utf8");
      const r = runCli(["session", "migrate-handoff"], { cwd: repo, env: ENV });
      expect(r.code).toBe(0);
      const rep = JSON.parse(r.stdout);
      expect(rep).toMatchObject({ dryRun: false, alreadyMigrated: false, createdSession: true, sessionId: expect.stringMatching(/^migrated-handoff-[0-9a-f]{12}$/) });
      // the hand-off file is never deleted
      expect(readFileSync(join(repo, ".agents", "HANDOFF.md"), "utf8")).toBe(original);
      // the store: a current session with the decisions and handoffs, evidence with the hash
      const store = new SessionStore({ cwd: repo, env: {} });
      const state = store.getSync(store.notes.readPointer());
      expect(state.sessionId).toBe(rep.sessionId);
      expect(state.version).toBe(2); // created, then one transaction
      const wf = state.orchestratorWorkflow!;
      expect(wf.decisions.map((d: { description: string }) => d.description)).toEqual([
        "**ADR-014**: Distributed Handoff Architecture (replaces centralized HANDOFF.md)",
        "**ADR-013**: Agent Orchestration MCP",
        "**ADR-012**: Skill Catalog MCP",
        "**ADR-011**: Session State MCP",
        "**ADR-010**: Quality Gates (Evaluator + Optimizer)",
      ]);
      expect(wf.decisions.every((d: { type: string; decidedBy: string; id: string }) => d.type === "architectural" && d.decidedBy === "architect" && /^[0-9a-f-]{36}$/.test(d.id))).toBe(true);
      expect(wf.pendingHandoffs).toHaveLength(12);
      expect(wf.pendingHandoffs[0]).toMatchObject({ reason: "PR #222: Merge (Import-Module standardization)", preservedContext: { row: { Status: "🟢 READY", "Next Action": "Merge (Import-Module standardization)" } } });
      expect(wf.pendingHandoffs.slice(9).map((h: { reason: string }) => h.reason)).toEqual([
        "#219: Session State MCP (replaces session tracking)",
        "#221: Agent Orchestration MCP (replaces parallel coordination)",
        "#168: Parallel Agent Execution",
      ]);
      expect(state.protocolStartEvidence.handoffMigrated).toBe(rep.sha256);
      // the context note keeps the rest verbatim
      const note = readFileSync(join(repo, rep.contextNote.file), "utf8");
      expect(note).toContain("type: session-context");
      expect(note).toContain(`sha256: ${rep.sha256}`);
      for (const block of [
        "**This file is now READ-ONLY.** Do not update during sessions.",
        "| [Session 61](./sessions/2025-12-21-session-61-slash-command-skills.md) | 2025-12-21 | N/A | Created 8 atomic slash command skills |",
        "1. Initialize Serena: `mcp__serena__activate_project` + `initial_instructions`",
        "**For complete ADR catalog**, see: `.agents/architecture/`",
        "- **Critical Blockers**: 0",
        "**Last Updated**: 2025-12-22 (automated, read-only)",
      ]) expect(note).toContain(block);
      // second run: no-op, nothing changes
      const before = readdirSync(join(repo, ".agent-notes", "sessions")).sort();
      const stateText = readFileSync(join(repo, ".agent-notes", "sessions", `session-${rep.sessionId}.md`), "utf8");
      const again = runCli(["session", "migrate-handoff"], { cwd: repo, env: ENV });
      expect(again.code).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ alreadyMigrated: true, decisions: [], handoffs: [], sessionId: rep.sessionId });
      expect(again.stderr).toMatch(/already migrated/);
      expect(readdirSync(join(repo, ".agent-notes", "sessions")).sort()).toEqual(before);
      expect(readFileSync(join(repo, ".agent-notes", "sessions", `session-${rep.sessionId}.md`), "utf8")).toBe(stateText);
      // a dry run after the migration says so too
      expect(JSON.parse(runCli(["session", "migrate-handoff", "--dry-run"], { cwd: repo, env: ENV }).stdout).alreadyMigrated).toBe(true);
    });
  }

  it("into an existing current session: no new session; changed content migrates again", () => {
    const repo = workspaceWith(VERSIONS[1]);
    expect(runCli(["session", "create", "--id", "s1"], { cwd: repo, env: ENV }).code).toBe(0);
    const r = JSON.parse(runCli(["session", "migrate-handoff"], { cwd: repo, env: ENV }).stdout);
    expect(r).toMatchObject({ sessionId: "s1", createdSession: false });
    writeFileSync(join(repo, ".agents", "HANDOFF.md"), "# Handoff\n\n## Next Steps\n\n- [ ] ask the implementer agent to add `src/x.ts`\n- [x] done already\n\n## Decisions\n\n- Use SQLite\n");
    const r2 = JSON.parse(runCli(["session", "migrate-handoff"], { cwd: repo, env: ENV }).stdout);
    expect(r2).toMatchObject({ alreadyMigrated: false, sessionId: "s1" });
    expect(r2.handoffs).toEqual([expect.objectContaining({ toAgent: "implementer", artifacts: ["src/x.ts"], reason: "ask the implementer agent to add `src/x.ts`" })]);
    expect(r2.decisions).toEqual([expect.objectContaining({ description: "Use SQLite", type: "technical" })]);
  });

  it("a hand-off whose context note would pass a note's 4 MiB: refused before anything is written (exit 6), not half migrated (review)", () => {
    const repo = makeRepo();
    mkdirSync(join(repo, ".agents"));
    const big = `# Handoff\n\n## Decisions\n\n- Use SQLite for the cache\n\n## Next Steps\n\n- [ ] write the docs\n\n## Context\n\n${"A line of context that goes on for a while.\n".repeat(100_000)}`;
    writeFileSync(join(repo, ".agents", "HANDOFF.md"), big);
    for (let i = 0; i < 2; i++) {
      const r = runCli(["session", "migrate-handoff"], { cwd: repo, env: ENV });
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr + r.stdout).toMatch(/over the 4194304-byte limit of a note; nothing was written/);
      expect(existsSync(join(repo, ".agent-notes"))).toBe(false);
    }
  });

  it("no hand-off file: NOT_FOUND (exit 3), nothing created", () => {
    const repo = makeRepo();
    const r = runCli(["session", "migrate-handoff"], { cwd: repo, env: ENV });
    expect(r.code).toBe(3);
    expect(existsSync(join(repo, ".agent-notes"))).toBe(false);
  });

  it("the 120 KB archived hand-off (other sections): every line ends up in a decision, a handoff or the context note", () => {
    const text = readFileSync(join(CORPUS, "ai-agents-efa406e9a", ".agents", "archive", "HANDOFF-2025-12-22.md"), "utf8");
    const plan = planHandoff(text, ".agents/HANDOFF.md");
    expect(plan.decisions.map((d: { description: string }) => d.description)).toContain("**Extend vs Replace**: Chose to extend existing governance docs rather than replace");
    expect(plan.handoffs.some((h: { reason: string }) => h.reason.startsWith("PR #147 QA Validation"))).toBe(true);
    expect(plan.handoffs.some((h: { reason: string }) => h.reason === "Verify all Pester tests PASS")).toBe(true);
    const sink = [plan.context, ...plan.decisions.map((d: { description: string }) => d.description), ...plan.handoffs.map((h: { context: string }) => h.context)].join("\n");
    const lost = text.split("\n").map((l) => l.replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s*)?/, "").trim()).filter((l) => l !== "" && !sink.includes(l));
    expect(lost).toEqual([]);
  });
});
