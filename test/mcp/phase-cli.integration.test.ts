// Issue 15: `agentcheck phase …` (the shell twin), the JSON fallback store, the memory formats'
// round trip, and the PreToolUse gate's opt-in gate.phases policy.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { git, makeRepo, runCli } from "../helpers.js";
import { commitAll, protocolRepo, sha256, writeSessionLog, writeTree } from "./helpers.js";
import { minimalState, pointerText, stateNoteText, writeNote, STARTED } from "../state/fixtures.js";
import * as F from "../../dist/phase/format.js";
import { freshMdLog } from "../session-md/lib.js";

function phase(dir: string, ...args: string[]) {
  const r = runCli(["phase", ...args], { cwd: dir });
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { ...r, json };
}

describe("issue 15: agentcheck phase (shell twin, JSON output)", () => {
  it("start | evidence | advance | gate | status | end drive a session to COMPLETE with exit codes", () => {
    const dir = protocolRepo();
    const s = phase(dir, "start", "Shell", "session");
    expect(s.code, s.stderr).toBe(0);
    expect(s.json).toMatchObject({ ok: true, phase: "INIT", objective: "Shell session", branch: "feat/protocol" });
    const id = s.json.session_id as string;
    expect(phase(dir, "start", "again").code).toBe(6);
    expect(phase(dir, "advance").json.phase).toBe("SERENA_READY");
    // SKILL_VALIDATION without evidence: exit 1, BLOCKED
    const blocked = phase(dir, "advance");
    expect(blocked.code).toBe(1);
    expect(blocked.json).toMatchObject({ ok: false, phase: "BLOCKED", missing_gate: "SKILL_VALIDATION" });
    expect(phase(dir, "blocked").json).toMatchObject({ blocked: true, gate: "SKILL_VALIDATION" });
    expect(phase(dir, "evidence", "SKILL_VALIDATION", "memory_read", "read it").code).toBe(0);
    expect(phase(dir, "advance").json).toMatchObject({ advanced: true, phase: "SKILLS_VALIDATED" });
    expect(phase(dir, "evidence", "CONTEXT_RETRIEVAL", "handoff_hash", sha256(join(dir, ".agents/HANDOFF.md"))).code).toBe(0);
    expect(phase(dir, "advance", "CONTEXT_LOADED").json.phase).toBe("CONTEXT_LOADED");
    writeSessionLog(dir, id, ["work"]);
    expect(phase(dir, "advance").json.phase).toBe("READY");
    const g = phase(dir, "gate", "ALL");
    expect(g.code).toBe(1); // GIT_COMMIT fails: nothing committed yet
    expect(g.json.results.map((r: any) => r.phase)).toHaveLength(9);
    expect(g.json.results.find((r: any) => r.phase === "GIT_COMMIT").status).toBe("FAIL");
    const st = phase(dir, "status");
    expect(st.json).toMatchObject({ active: true, session_id: id, phase: "READY", store: "memories", state_file: ".serena/memories/session-current-state.md" });
    writeTree(dir, { "docs/x.md": "# X\n\nText.\n" });
    commitAll(dir, "docs: x");
    const end = phase(dir, "end", "--summary", "done", "--skip-qa", "--decision", "a", "--decision", "b");
    expect(end.code, end.stdout).toBe(0);
    expect(end.json).toMatchObject({ ok: true, status: "COMPLETE" });
    expect(readFileSync(join(dir, ".serena/memories/session-history.md"), "utf8")).toContain("- **Key Decisions**:\n  - a\n  - b\n");
    expect(phase(dir, "advance").code).toBe(3);
  });

  it("resume continues the active session; a session older than 24 h can be ended as ABANDONED, a younger one not", () => {
    const dir = protocolRepo();
    const s = phase(dir, "start", "old", "--now", "2026-01-01T00:00:00Z");
    expect(s.json.session_id).toBe("2026-01-01-session-01");
    expect(phase(dir, "start", "x", "--resume").json).toMatchObject({ resumed: true, session_id: "2026-01-01-session-01" });
    const young = phase(dir, "end", "--summary", "gone", "--abandon", "--now", "2026-01-01T23:00:00Z");
    expect(young.code).toBe(6);
    expect(young.json.error.code).toBe("NOT_STALE");
    const old = phase(dir, "end", "--summary", "gone", "--abandon", "--now", "2026-01-02T01:00:00Z");
    expect(old.json).toMatchObject({ ok: true, status: "ABANDONED" });
    expect(readFileSync(join(dir, ".serena/memories/session-history.md"), "utf8")).toContain("### 2026-01-01-session-01\n\n- **Objective**: old\n- **Outcome**: ABANDONED");
    expect(phase(dir, "start", "new", "--now", "2026-01-01T05:00:00Z").json.session_id).toBe("2026-01-01-session-02");
  });

  it("session-history.md keeps the last 10 sessions, newest first", () => {
    const dir = protocolRepo();
    const old = Array.from({ length: 10 }, (_, i) => ({ id: `2025-12-${String(20 - i).padStart(2, "0")}-session-01`, objective: `o${i}`, outcome: "COMPLETE", commit: "abc", summary: "s", decisions: [], nextNotes: "" }));
    writeFileSync(join(dir, ".serena/memories/session-history.md"), F.renderHistory(old as any));
    phase(dir, "start", "eleventh", "--now", "2026-01-01T00:00:00Z");
    expect(phase(dir, "end", "--summary", "x", "--abandon", "--now", "2026-01-03T00:00:00Z").code).toBe(0);
    const h = F.parseHistory(readFileSync(join(dir, ".serena/memories/session-history.md"), "utf8"));
    expect(h.map((e: any) => e.id)).toEqual(["2026-01-01-session-01", ...old.slice(0, 9).map((e) => e.id)]);
  });

  it("JSON fallback without a memories folder; SERENA_INIT fails; corrupt JSON names the line and is kept", () => {
    const dir = protocolRepo({ memories: false });
    expect(phase(dir, "start", "fallback").code).toBe(0);
    const file = join(dir, ".agents/sessions/.session-state.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ format: "agentcheck-session-protocol", current: { currentPhase: "INIT" } });
    const a = phase(dir, "advance");
    expect(a.code).toBe(1);
    expect(a.json.result.message).toContain("memory store not available");
    const broken = readFileSync(file, "utf8").replace('"currentPhase": "BLOCKED"', '"currentPhase": BLOCKED');
    writeFileSync(file, broken);
    const c = phase(dir, "status");
    expect(c.code).toBe(4);
    expect(c.json.error.code).toBe("CORRUPT_STATE");
    expect(c.json.error.message).toMatch(/^\.agents\/sessions\/\.session-state\.json:\d+: invalid JSON/);
    expect(phase(dir, "evidence", "SERENA_INIT", "x", "y").code).toBe(4);
    expect(readFileSync(file, "utf8")).toBe(broken);
    // a hand-edited field of the wrong type is a file that does not parse (exit 4), not an internal error
    for (const edit of [(o: any) => (o.current.objective = 42), (o: any) => (o.history = [{}]), (o: any) => (o.violations = [null])]) {
      writeFileSync(file, JSON.stringify({ format: "agentcheck-session-protocol", current: null, history: [], violations: [] }));
      expect(phase(dir, "start", "typed").code).toBe(0);
      const o = JSON.parse(readFileSync(file, "utf8"));
      edit(o);
      const text = JSON.stringify(o);
      writeFileSync(file, text);
      const st = phase(dir, "status");
      expect(st.code, text).toBe(4);
      expect(st.json.error.code).toBe("CORRUPT_STATE");
      expect(readFileSync(file, "utf8")).toBe(text);
    }
  });
});

describe("QUALITY_CHECKS without a starting commit (review)", () => {
  it("a session started before the first commit lints every committed markdown file, not only uncommitted ones", () => {
    const dir = makeRepo({ ".serena/memories/skill-usage-mandatory.md": "# Skill usage\n\nUse the scripts.\n" }, { commit: false });
    expect(phase(dir, "start", "no commits yet").code).toBe(0);
    expect(phase(dir, "status").json.starting_commit ?? "").toBe("");
    writeTree(dir, { "bad.md": "# Title\n# Title again\n" });
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "bad", "--no-verify");
    const r = phase(dir, "gate", "QUALITY_CHECKS");
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/bad\.md:\d+ MD/);
  });
});

describe("a memories folder created during a session (review)", () => {
  it("the JSON fallback's session moves into the folder at the next change: one state, no second session with the same id", () => {
    const dir = protocolRepo({ memories: false });
    expect(phase(dir, "start", "before the folder").code).toBe(0);
    const id = phase(dir, "status").json.session_id;
    expect(phase(dir, "advance").code).toBe(1); // SERENA_INIT: no memories folder (BLOCKED)
    writeTree(dir, { ".serena/memories/skill-usage-mandatory.md": "# Skill usage\n\nUse the scripts.\n" });
    const a = phase(dir, "advance");
    expect(a.code, a.stdout).toBe(0);
    expect(a.json.phase).toBe("SERENA_READY");
    const st = phase(dir, "status").json;
    expect(st).toMatchObject({ active: true, store: "memories", session_id: id });
    expect(readFileSync(join(dir, ".serena/memories/session-violations-log.md"), "utf8")).toContain("SERENA_INIT");
    expect(existsSync(join(dir, ".agents/sessions/.session-state.json"))).toBe(false);
    expect(phase(dir, "start", "second").code).toBe(6); // the session is still active
  });
});

describe("issue 15: memory formats render → parse → render losslessly", () => {
  const text = fc.string({ unit: fc.constantFrom("a", "|", "\\", "\n", "\r", " ", "n", "r", "é", "`", "*", "-", "#", "\0", "\t", "t", "u", "0", "\u001b", "\u007f", "\ud800", "\udc00", "😀") , maxLength: 20 });
  const gate = fc.constantFrom("SERENA_INIT", "SKILL_VALIDATION", "QA_VALIDATION", "GIT_COMMIT");
  it("session-current-state.md, session-history.md, session-violations-log.md", () => {
    fc.assert(fc.property(text, text, fc.array(fc.record({ t: text, e: text, g: gate }), { maxLength: 4 }), fc.boolean(), (obj, ev, evs, blocked) => {
      const s: any = {
        sessionId: "2026-01-02-session-03", objective: obj, branch: "feat/x", startingCommit: "abc", startedAt: "2026-01-02T03:04:05Z",
        currentPhase: blocked ? "BLOCKED" : "WORKING", phaseStatus: [{ phase: "SERENA_INIT", status: "PASS", evidence: ev }],
        checklistStart: [{ req: "MUST", step: obj, done: true, evidence: ev }], checklistEnd: [{ req: "SHOULD", step: "x", done: false, evidence: "" }],
        evidence: evs.map((x) => ({ at: "2026-01-02T03:04:05Z", phase: x.g, type: x.t.replace(/\W/g, "") || "t", evidence: x.e })),
      };
      if (blocked) Object.assign(s, { blockedFrom: "READY", blockedGate: "GIT_STATE" });
      const r1 = F.renderState(s);
      // what the strict reader accepts: no control character but LF, and valid UTF-8 (no lone surrogate)
      const storable = (t: string) => !/[\x00-\x09\x0b-\x1f\x7f]/.test(t) && Buffer.from(t, "utf8").toString("utf8") === t;
      expect(storable(r1)).toBe(true);
      const p = F.parseState(r1);
      expect(F.renderState(p)).toBe(r1);
      expect(p.objective).toBe(obj);
      expect(p.evidence.map((e: any) => e.evidence)).toEqual(evs.map((x) => x.e));
      const h = [{ id: "2026-01-02-session-03", objective: obj, outcome: "COMPLETE", commit: "abc", summary: ev, decisions: evs.map((x) => x.e), nextNotes: obj }];
      const rh = F.renderHistory(h as any);
      expect(storable(rh)).toBe(true);
      expect(F.parseHistory(rh)).toEqual(h);
      expect(F.renderHistory(F.parseHistory(rh))).toBe(rh);
      const v = evs.map((x, i) => ({ sessionId: `2026-01-0${1 + (i % 2)}-session-01`, at: "t", phase: x.g, requirement: "MUST", severity: "CRITICAL", recovery: x.e }));
      const rv = F.renderViolations(v as any);
      expect(F.renderViolations(F.parseViolations(rv))).toBe(rv);
    }), { numRuns: 200 });
  });
  it("truncation at any line is an error naming the file and a line (never a silent partial read)", () => {
    const s: any = F.parseState(F.renderState({
      sessionId: "2026-01-02-session-03", objective: "o", branch: "b", startingCommit: "c", startedAt: "2026-01-02T03:04:05Z", currentPhase: "INIT",
      phaseStatus: [{ phase: "SERENA_INIT", status: "PENDING", evidence: "" }], checklistStart: [], checklistEnd: [],
      evidence: [{ at: "2026-01-02T03:04:05Z", phase: "SERENA_INIT", type: "x", evidence: "e" }],
    } as any));
    const full = F.renderState(s);
    const lines = full.split("\n");
    for (let n = 1; n < lines.length - 1; n++) {
      const cut = lines.slice(0, n).join("\n") + "\n";
      expect(() => F.parseState(cut, "m/session-current-state.md"), `cut at ${n}`).toThrow(/^m\/session-current-state\.md:\d+: /);
    }
  });
});

/** The PreToolUse gate through the CLI: "allow" or the deny reason. */
function gate(dir: string, tool: string): string {
  const input = JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "PreToolUse", tool_name: tool, tool_input: {} });
  const r = runCli(["session", "gate"], { cwd: dir, input, env: { AGENTCHECK_NOTES_DIR: undefined } });
  expect(r.code).toBe(0);
  return r.stdout === "" ? "allow" : JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason;
}

/** A protocol repository with gate.phases on and a session state in coding mode. */
function gatedRepo(memories: boolean, config: Record<string, unknown> = {}): string {
  const dir = protocolRepo({ memories });
  writeTree(dir, { "agentcheck.config.json": JSON.stringify({ gate: { phases: true }, ...config }) });
  const notes = join(dir, ".agent-notes");
  writeNote(notes, "sessions/session-g", stateNoteText(minimalState({ sessionId: "g", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: "2026-02-11T10:00:00.000Z" }], ...STARTED })));
  writeNote(notes, "sessions/current-session", pointerText("g"));
  return dir;
}

/** A protocol session driven to READY through the CLI (in the memories folder the configuration names). */
function toReady(dir: string): void {
  phase(dir, "start", "gated");
  initToReady(dir);
}

/** The started session (INIT) through the start gates to READY. */
function initToReady(dir: string): void {
  phase(dir, "advance");
  phase(dir, "evidence", "SKILL_VALIDATION", "memory_read", "yes");
  phase(dir, "advance");
  phase(dir, "evidence", "CONTEXT_RETRIEVAL", "handoff_hash", sha256(join(dir, ".agents/HANDOFF.md")));
  phase(dir, "advance");
  writeSessionLog(dir, phase(dir, "status").json.session_id);
  expect(phase(dir, "advance").json.phase).toBe("READY");
}

describe("issue 15: gate.phases policy in the PreToolUse gate", () => {
  it("read-only tools only until the session reaches READY; the protocol's MCP tools stay allowed", () => {
    const dir = gatedRepo(true);
    expect(gate(dir, "Edit")).toContain("Edit blocked because no protocol session is active");
    expect(gate(dir, "Read")).toBe("allow");
    expect(gate(dir, "mcp__agentcheck__session_start")).toBe("allow");
    phase(dir, "start", "gated");
    expect(gate(dir, "Write")).toContain("the protocol session is in INIT");
    initToReady(dir);
    expect(gate(dir, "Edit")).toBe("allow");
    expect(gate(dir, "Bash")).toBe("allow");
    // without the policy a session before READY does not block
    const other = protocolRepo();
    writeNote(join(other, ".agent-notes"), "sessions/session-g", stateNoteText(minimalState({ sessionId: "g", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: "2026-02-11T10:00:00.000Z" }], ...STARTED })));
    writeNote(join(other, ".agent-notes"), "sessions/current-session", pointerText("g"));
    phase(other, "start", "ungated");
    expect(gate(other, "Edit")).toBe("allow");
  });
});

describe("gate.phases reads the protocol state as the protocol's store does (review)", () => {
  it("a JSON fallback that is not the protocol's document, or a markdown state that does not parse, is unreadable: deny, as phase status says CORRUPT", () => {
    const dir = gatedRepo(false);
    writeTree(dir, { ".agents/sessions/.session-state.json": JSON.stringify({ current: { currentPhase: "READY" } }) });
    expect(gate(dir, "Edit")).not.toBe("allow");
    expect(phase(dir, "status").code).toBe(4);
    const md = gatedRepo(true);
    writeTree(md, { ".serena/memories/session-current-state.md": "- **Current Phase**: WORKING\n" });
    expect(gate(md, "Edit")).not.toBe("allow");
    expect(phase(md, "status").code).toBe(4);
    expect(gate(md, "Read")).toBe("allow");
  });
  it("with a memories folder, a session still in the JSON fallback is the state for the gate as for phase status, until a change moves it; one in both files is unreadable for both", () => {
    const dir = gatedRepo(true);
    toReady(dir);
    expect(gate(dir, "Edit")).toBe("allow");
    const state = readFileSync(join(dir, ".serena/memories/session-current-state.md"), "utf8");
    mkdirSync(join(dir, ".agents/sessions"), { recursive: true });
    const json = JSON.stringify({ format: "agentcheck-session-protocol", current: F.parseState(state), history: [], violations: [] });
    // an active session in both: neither command picks one
    writeFileSync(join(dir, ".agents/sessions/.session-state.json"), json);
    expect(phase(dir, "status").code).toBe(4);
    expect(gate(dir, "Edit")).not.toBe("allow");
    expect(gate(dir, "Read")).toBe("allow");
    // only in the JSON fallback (kept there before the folder existed): both read it
    rmSync(join(dir, ".serena/memories/session-current-state.md"));
    expect(phase(dir, "status").json).toMatchObject({ active: true, store: "memories" });
    expect(gate(dir, "Edit")).toBe("allow");
    // a malformed fallback beside the folder: unreadable for both
    writeFileSync(join(dir, ".agents/sessions/.session-state.json"), "{");
    expect(phase(dir, "status").code).toBe(4);
    expect(gate(dir, "Edit")).not.toBe("allow");
  });
  it("paths.memories: the gate and `agentcheck phase` read the configured memories folder, not .serena/memories", () => {
    const dir = gatedRepo(true, { paths: { memories: "notes/mem/" } });
    mkdirSync(join(dir, "notes/mem"), { recursive: true });
    writeFileSync(join(dir, "notes/mem/skill-usage-mandatory.md"), "# Skill usage\n\nUse the scripts.\n");
    toReady(dir);
    expect(readFileSync(join(dir, "notes/mem/session-current-state.md"), "utf8")).toContain("READY");
    expect(gate(dir, "Edit")).toBe("allow");
    // a state in the default folder is not the configured one's
    rmSync(join(dir, "notes/mem/session-current-state.md"));
    writeFileSync(join(dir, ".serena/memories/session-current-state.md"), "x");
    expect(gate(dir, "Edit")).toContain("no protocol session is active");
  });
});

describe("SESSION_LOG gate with a markdown log created from the template (creation mode)", () => {
  it("PH-004/SP-120: PASS for a fresh markdown log (Session Start done, Session End open), the session reaches READY; FAIL for a structurally broken one", () => {
    const dir = protocolRepo();
    const id = phase(dir, "start", "Markdown", "log").json.session_id as string;
    const rel = `.agents/sessions/${id}.md`;
    const start = ["| MUST | Read memory-index, load task-relevant memories | [x] | skill-usage-mandatory |", "| MUST | Confirm not on main/master | [x] | On feat/protocol |"];
    writeTree(dir, { [rel]: freshMdLog({ start }) });
    const g = phase(dir, "gate", "SESSION_LOG");
    expect(g.code, g.stdout).toBe(0);
    expect(g.json.results[0]).toMatchObject({ phase: "SESSION_LOG", status: "PASS" });
    // no Session End section, or the session start left open: FAIL with the validator's findings
    writeTree(dir, { [rel]: freshMdLog({ start, endHeading: "## Closing" }) });
    const broken = phase(dir, "gate", "SESSION_LOG");
    expect(broken.code).toBe(1);
    expect(broken.json.results[0].status).toBe("FAIL");
    expect(broken.json.results[0].message).toContain("SP-010");
    writeTree(dir, { [rel]: freshMdLog({ start: [start[0], "| MUST | Confirm not on main/master | [ ] | |"] }) });
    const open = phase(dir, "gate", "SESSION_LOG");
    expect(open.json.results[0].status).toBe("FAIL");
    expect(open.json.results[0].message).toContain("SP-013");
    expect(open.json.results[0].message).not.toContain("Commit all changes");
    // the blocking transition CONTEXT_LOADED -> READY passes with the fresh log
    writeTree(dir, { [rel]: freshMdLog({ start }) });
    phase(dir, "advance");
    phase(dir, "evidence", "SKILL_VALIDATION", "memory_read", "yes");
    phase(dir, "advance");
    phase(dir, "evidence", "CONTEXT_RETRIEVAL", "handoff_hash", sha256(join(dir, ".agents/HANDOFF.md")));
    phase(dir, "advance");
    const ready = phase(dir, "advance");
    expect(ready.code, ready.stdout).toBe(0);
    expect(ready.json.phase).toBe("READY");
  });
});

describe("SESSION_LOG and DOCS_UPDATE find a log named <id>-<slug> (upstream naming)", () => {
  it("PH-004: `<id>-fix-gate.md` is the session's log; `<id>0-x.md` (another session's number) is not", () => {
    const dir = protocolRepo();
    const id = phase(dir, "start", "Slug", "log").json.session_id as string;
    const start = ["| MUST | Read memory-index, load task-relevant memories | [x] | skill-usage-mandatory |", "| MUST | Confirm not on main/master | [x] | On feat/protocol |"];
    // a log of session NN0 (e.g. session-010 for session-01) is not this session's
    writeTree(dir, { [`.agents/sessions/${id}0-other.md`]: freshMdLog({ start }) });
    const none = phase(dir, "gate", "SESSION_LOG");
    expect(none.json.results[0].status).toBe("FAIL");
    expect(none.json.results[0].message).toContain(`${id}.md`);
    writeTree(dir, { [`.agents/sessions/${id}-fix-gate.md`]: freshMdLog({ start }) });
    const g = phase(dir, "gate", "SESSION_LOG");
    expect(g.code, g.stdout).toBe(0);
    expect(g.json.results[0]).toMatchObject({ phase: "SESSION_LOG", status: "PASS" });
    expect(g.json.results[0].evidence).toContain(`${id}-fix-gate.md`);
  });
});

describe("agentcheck phase --memories-dir", () => {
  it("a folder other than the configuration's paths.memories is a usage error (exit 2) with the MCP server's text; the configured folder is accepted", () => {
    const dir = protocolRepo();
    mkdirSync(join(dir, "mem"));
    const r = phase(dir, "start", "elsewhere", "--memories-dir", "mem");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("agentcheck phase: --memories-dir mem is not the configuration's memories folder (paths.memories: .serena/memories)");
    expect(r.stderr).toContain('set "paths": { "memories": "mem" } in agentcheck.config.json instead');
    expect(existsSync(join(dir, "mem/session-current-state.md"))).toBe(false);
    // the MCP server's refusal, word for word after the command's name
    const mcp = runCli(["mcp", "--memories-dir", "mem"], { cwd: dir });
    expect(mcp.code).toBe(2);
    const body = (stderr: string, cmd: string) => stderr.split("\n")[0].replace(`agentcheck ${cmd}: `, "");
    expect(body(mcp.stderr, "mcp")).toBe(body(r.stderr, "phase"));
    expect(phase(dir, "status", "--memories-dir", "mem").code).toBe(2);
    // the configured folder, however it is written
    expect(phase(dir, "start", "default", "--memories-dir", ".serena/memories/").code).toBe(0);
    writeTree(dir, { "agentcheck.config.json": JSON.stringify({ paths: { memories: "mem" } }) });
    const moved = phase(dir, "status", "--memories-dir", "./mem");
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.json.active).toBe(false); // accepted: the session started above is in .serena/memories, not in mem
    expect(phase(dir, "status", "--memories-dir", ".serena/memories").code).toBe(2);
  });
});
