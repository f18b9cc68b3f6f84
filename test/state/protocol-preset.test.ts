// Issue 40 item 3: protocol presets (one table read by every surface), the checklist from the
// repository's SESSION-PROTOCOL.md (seed 002's parser, in the core), and init's choice of preset.
import { describe, it, expect } from "vitest";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CORPUS, HAS_CORPUS, git, makeRepo, tmpDir } from "../helpers.js";
import { PRESETS, presetOf, startProtocolFor } from "../../dist/protocol-preset.js";
import { readStateSettings } from "../../dist/state/config.js";
import { stopDecision } from "../../dist/commands/claude.js";
import { logRequestText } from "../../dist/commands/session-start.js";
import { parseProtocolChecklists, parseStartEvidence, repoChecklists, repoStartSpecs } from "../../dist/phase/repo-checklist.js";
import { detectPreset } from "../../dist/protocol-detect.js";
import { starterWithPreset } from "../../dist/init.js";

const enc = (s: string) => new TextEncoder().encode(s);
const write = (dir: string, rel: string, text: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};
const PROTOCOL = [
  "# Session Protocol",
  "",
  "### Session Start (COMPLETE ALL before work)",
  "",
  "| Req | Step | Status | Evidence |",
  "|-----|------|--------|----------|",
  "| **MUST** | Initialize Serena: `mcp__serena__activate_project` | [ ] | Tool output |",
  "| MUST | Read `.agents/HANDOFF.md` | [ ] | Content in context |",
  "| SHOULD | Verify git status | [ ] | Output |",
  "",
  "## Session End Checklist",
  "",
  "| Req | Step | Status | Evidence |",
  "|-----|------|--------|----------|",
  "| MUST | Commit all changes | [ ] | SHA |",
  "| MUST NOT | Update `.agents/HANDOFF.md` directly | [ ] | unchanged |",
  "| SHOULD | Invoke a retrospective | [ ] | |",
  "",
].join("\n");

describe("issue-40 item 3: protocol presets", () => {
  it("one table: full demands the log and the start protocol, validate-if-present neither, off turns hooks and gate off", () => {
    expect(PRESETS.full).toMatchObject({ logRequired: true, requireCommits: true, requireProtocolStart: true, gate: true, protocolTools: true });
    expect(PRESETS["validate-if-present"]).toMatchObject({ logRequired: false, validateLog: true, requireCommits: false, requireProtocolStart: false, gate: true });
    expect(PRESETS.off).toMatchObject({ sessionStart: false, logRequired: false, validateLog: false, stopEnforces: false, gate: false, protocolTools: false });
    expect(presetOf(undefined).name).toBe("full");
    expect(presetOf({ protocol: { preset: "off" } }).name).toBe("off");
  });

  it("the start steps the PostToolUse hook asks evidence for: the built-in ones under full, none under validate-if-present and off", () => {
    expect(startProtocolFor("full")).toBeUndefined();
    expect(startProtocolFor(undefined)).toBeUndefined();
    expect(startProtocolFor("validate-if-present")).toEqual({ steps: [] });
    expect(startProtocolFor("off")).toEqual({ steps: [] });
  });

  it("the gate's defaults follow protocol.preset; gate.enabled / gate.requireProtocolStart win when set", () => {
    const repo = (cfg: unknown) => makeRepo({ "agentcheck.config.json": JSON.stringify(cfg) });
    expect(readStateSettings(repo({ protocol: { preset: "full" } }))).toMatchObject({ preset: "full", gateEnabled: true, requireProtocolStart: true });
    expect(readStateSettings(repo({ protocol: { preset: "validate-if-present" } }))).toMatchObject({ gateEnabled: true, requireProtocolStart: false });
    expect(readStateSettings(repo({ protocol: { preset: "off" } }))).toMatchObject({ gateEnabled: false, requireProtocolStart: false });
    expect(readStateSettings(repo({ protocol: { preset: "off" }, gate: { enabled: true } })).gateEnabled).toBe(true);
    expect(readStateSettings(repo({ protocol: { preset: "full" }, gate: { requireProtocolStart: false } })).requireProtocolStart).toBe(false);
    // no protocol.preset: the default preset's table row (full), protocol-start block included
    expect(readStateSettings(repo({}))).toMatchObject({ preset: "full", requireProtocolStart: true });
    expect(readStateSettings(makeRepo({}))).toMatchObject({ preset: "full", gateEnabled: true, requireProtocolStart: PRESETS.full.requireProtocolStart });
  });

  it("an unknown preset is a configuration error (exit 2 path: StateError USAGE)", () => {
    const dir = makeRepo({ "agentcheck.config.json": JSON.stringify({ protocol: { preset: "strict" } }) });
    expect(() => readStateSettings(dir)).toThrow(/protocol\.preset/);
  });

  it("SessionStart asks for the log under full only", () => {
    expect(logRequestText({ ...PRESETS.full, name: "full" }, ".agents/sessions/x.json")).toContain("Write the session log at .agents/sessions/x.json");
    const t = logRequestText({ ...PRESETS["validate-if-present"], name: "validate-if-present" }, ".agents/sessions/x.json");
    expect(t).toContain("optional");
    expect(t).not.toContain("Write the session log");
  });

  it("Stop blocks only on what is missing (validate-if-present: a missing log is never missing)", () => {
    expect(stopDecision({ policy: "block", changed: true, mode: "coding", missing: [] })).toEqual({ block: false });
    expect(stopDecision({ policy: "block", changed: true, mode: "coding", missing: ["x"] }).block).toBe(true);
  });
});

describe("issue-40 item 3: the checklist from the repository's SESSION-PROTOCOL.md (core parser)", () => {
  it("MUST and SHOULD rows of the start and end tables, as written; MUST NOT rows left out; built-in steps keep their gate", () => {
    const p = parseProtocolChecklists(enc(PROTOCOL));
    expect(p.start.map((x) => [x.req, x.step])).toEqual([
      ["MUST", "Initialize Serena: `mcp__serena__activate_project`"],
      ["MUST", "Read `.agents/HANDOFF.md`"],
      ["SHOULD", "Verify git status"],
    ]);
    expect(p.start[2].gate).toBe("GIT_STATE");
    expect(p.end.map((x) => [x.req, x.step])).toEqual([["MUST", "Commit all changes"], ["SHOULD", "Invoke a retrospective"]]);
    expect(p.end[0].gate).toBe("GIT_COMMIT");
  });

  it("a protocol without tables, or no protocol file: the built-in checklist", () => {
    expect(parseProtocolChecklists(enc("# Protocol\n\nNo tables.\n"))).toEqual({ start: [], end: [] });
    const none = tmpDir();
    expect(repoChecklists(none).source).toBe("built-in");
    const dir = tmpDir();
    write(dir, ".agents/SESSION-PROTOCOL.md", PROTOCOL);
    const r = repoChecklists(dir);
    expect(r.source).toBe(".agents/SESSION-PROTOCOL.md");
    expect(r.start).toHaveLength(3);
  });

  it.skipIf(!HAS_CORPUS)("the corpus's SESSION-PROTOCOL.md (109e737e7): 13 start steps (10 MUST, 3 SHOULD), 10 end steps (6 MUST, 4 SHOULD; the MUST NOT row left out)", () => {
    const p = parseProtocolChecklists(readFileSync(join(CORPUS, "ai-agents-109e737e7", ".agents", "SESSION-PROTOCOL.md")));
    expect([p.start.filter((x) => x.req === "MUST").length, p.start.filter((x) => x.req === "SHOULD").length]).toEqual([10, 3]);
    expect([p.end.filter((x) => x.req === "MUST").length, p.end.filter((x) => x.req === "SHOULD").length]).toEqual([6, 4]);
  });
  if (!HAS_CORPUS) console.warn("[skipped] SESSION-PROTOCOL.md corpus case: ../shared/corpus is absent");
});

describe("issue-40 item 2: the repository's MUST start steps, each mapped by the core to the evidence that ticks it", () => {
  it("the wording decides the evidence: an MCP tool, the hand-off read, a listing, a memory, a file, the branch; nothing observable -> record", () => {
    const text = [
      "### Session Start (COMPLETE ALL before work)", "", "| Req | Step | Status | Evidence |", "|-----|------|--------|----------|",
      "| MUST | Initialize Serena: `mcp__serena__activate_project` | [ ] | x |",
      "| MUST | Read `.agents/HANDOFF.md` | [ ] | x |",
      "| MUST | Create this session log | [ ] | x |",
      "| MUST | List skill scripts in `.claude/skills/github/scripts/` | [ ] | x |",
      "| MUST | Read usage-mandatory memory | [ ] | x |",
      "| MUST | Read PROJECT-CONSTRAINTS.md | [ ] | x |",
      "| MUST | Read memory-index, load task-relevant memories | [ ] | x |",
      "| SHOULD | Verify git status | [ ] | x |",
      "| MUST | Confirm not on main/master | [ ] | x |",
      "| MUST | Ask the user for the task's priority | [ ] | x |",
      "| MUST | Read the relevant memories | [ ] | x |",
      "",
    ].join("\n");
    expect(parseStartEvidence(enc(text)).map((e) => `${e.kind} ${e.arg}`.trim())).toEqual([
      "tool mcp__serena__activate_project", "read .agents/HANDOFF.md", "log", "list .claude/skills/github/scripts/", "memory usage-mandatory",
      "read PROJECT-CONSTRAINTS.md", "memory memory-index", "git", "git", "record", "memory",
    ]);
    const dir = tmpDir();
    write(dir, ".agents/SESSION-PROTOCOL.md", text);
    const specs = repoStartSpecs(dir)!;
    // MUST rows only, keyed by their place in the start checklist (the SHOULD row, 8th, is not required)
    expect(specs.map((x) => x.key)).toEqual(["step1", "step2", "step3", "step4", "step5", "step6", "step7", "step9", "step10", "step11"]);
    expect(specs[9]).toEqual({ key: "step11", kind: "memory", arg: "", text: "Read the relevant memories" });
    expect(repoStartSpecs(tmpDir())).toBeUndefined();
  });

  it.skipIf(!HAS_CORPUS)("the corpus's SESSION-PROTOCOL.md (efa406e9a): its 10 MUST start steps, every one but none observable", () => {
    const dir = tmpDir();
    write(dir, ".agents/SESSION-PROTOCOL.md", readFileSync(join(CORPUS, "ai-agents-efa406e9a", ".agents", "SESSION-PROTOCOL.md"), "utf8"));
    const specs = repoStartSpecs(dir)!;
    expect(specs).toHaveLength(10);
    expect(specs.filter((x) => x.kind === "record")).toEqual([]);
  });
});

describe("issue-40 item 3: init picks the preset and says why", () => {
  const at = (files: Record<string, string>, date: string) => {
    const dir = makeRepo(files);
    git(dir, "commit", "-q", "--allow-empty", "-m", "x", `--date=${date}T12:00:00Z`);
    return dir;
  };
  const env = (d: string) => {
    process.env.GIT_COMMITTER_DATE = `${d}T12:00:00Z`;
  };

  it("a rule file telling agents not to create logs (today's upstream) -> validate-if-present", async () => {
    const dir = makeRepo({ ".claude/rules/session-logs.md": "# Session Log Mechanics\n\n**Session log creation is discontinued: do not create a new `.agents/sessions/*.json` file.**\n", ".agents/SESSION-PROTOCOL.md": PROTOCOL });
    const d = await detectPreset(dir, ".agents/sessions");
    expect(d.preset).toBe("validate-if-present");
    expect(d.reason).toContain(".claude/rules/session-logs.md tells agents not to create session logs");
  });

  it("SESSION-PROTOCOL.md with MUST rows and a log from the month before the last commit -> full; without recent logs -> validate-if-present", async () => {
    const old = process.env.GIT_COMMITTER_DATE;
    try {
      env("2025-12-21");
      const dir = at({ ".agents/SESSION-PROTOCOL.md": PROTOCOL, ".agents/sessions/2025-12-20-session-01.json": "{}\n" }, "2025-12-21");
      const d = await detectPreset(dir, ".agents/sessions");
      expect(d.preset).toBe("full");
      expect(d.reason).toContain("3 MUST steps");
      env("2026-08-22");
      const later = at({ ".agents/SESSION-PROTOCOL.md": PROTOCOL, ".agents/sessions/2025-12-20-session-01.json": "{}\n" }, "2026-08-22");
      expect((await detectPreset(later, ".agents/sessions")).preset).toBe("validate-if-present");
    } finally {
      if (old === undefined) delete process.env.GIT_COMMITTER_DATE;
      else process.env.GIT_COMMITTER_DATE = old;
    }
  });

  it("nothing that shows a protocol -> validate-if-present, and the starting configuration carries the preset and the reason", async () => {
    const dir = makeRepo({ "README.md": "# P\n" });
    const d = await detectPreset(dir, ".agents/sessions");
    expect(d.preset).toBe("validate-if-present");
    const text = starterWithPreset(d.preset, d.reason);
    expect(text).toContain(`"protocol": { "preset": "validate-if-present" }`);
    expect(text).toContain("init chose it because no session protocol");
  });
});
