// SS-002 in the hook gate with the state-validity cache (src/state/valid-cache.ts): an unchanged
// state skips the core, but the gate never fails open through the cache file. Real gate processes
// (both entry points) on real note folders.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeRepo, ROOT, runCli, tmpDir } from "../helpers.js";
import { minimalState, pointerText, stateNoteText, writeNote, STARTED } from "./fixtures.js";

const GATE_CJS = join(ROOT, "bin", "agentcheck-gate.cjs");

function hookInput(tool: string, cwd: string): string {
  return JSON.stringify({ session_id: "abc", cwd, hook_event_name: "PreToolUse", tool_name: tool, tool_input: { file_path: join(cwd, "x") } });
}

/** "allow" or the deny reason; `cjs` picks bin/agentcheck-gate.cjs, else `agentcheck session gate`. */
function gate(repo: string, tool: string, cjs: boolean): string {
  let code: number;
  let stdout: string;
  if (cjs) {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.AGENTCHECK_NOTES_DIR;
    const r = spawnSync(process.execPath, [GATE_CJS], { cwd: repo, input: hookInput(tool, repo), encoding: "utf8", env: env as NodeJS.ProcessEnv });
    code = r.status ?? -1;
    stdout = r.stdout;
  } else {
    const r = runCli(["session", "gate"], { cwd: repo, input: hookInput(tool, repo), env: { AGENTCHECK_NOTES_DIR: undefined } });
    code = r.code;
    stdout = r.stdout;
  }
  expect(code).toBe(0);
  return stdout === "" ? "allow" : (JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason as string);
}

const coding = (over: Record<string, unknown> = {}) =>
  stateNoteText(minimalState({ sessionId: "g", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: "2026-02-11T10:00:00.000Z" }], ...STARTED, ...over }));
/** Invalid for SS-002 (negative version) while its mode says coding: a gate that trusted it would allow Edit. */
const invalidCoding = () => coding({ version: -1 });

function repoWith(note: string): { repo: string; sessions: string; cache: string } {
  const repo = makeRepo();
  const root = join(repo, ".agent-notes");
  writeNote(root, "sessions/session-g", note);
  writeNote(root, "sessions/current-session", pointerText("g"));
  const sessions = join(root, "sessions");
  return { repo, sessions, cache: join(sessions, ".session-g.gate-ok") };
}

for (const cjs of [true, false]) {
  const entry = cjs ? "agentcheck-gate" : "agentcheck session gate";
  describe(`SS-002 gate validity cache (${entry})`, () => {
    it("SS-002 a valid state is remembered beside the note: exact note text under a build id, no temp files left", () => {
      const { repo, sessions, cache } = repoWith(coding());
      expect(gate(repo, "Edit", cjs)).toBe("allow");
      expect(existsSync(cache)).toBe(true);
      const text = readFileSync(cache, "utf8");
      const lines = text.split("\n");
      expect(lines[0]).toBe("agentcheck gate-ok v1");
      expect(lines[1]).toMatch(/^[0-9a-f]{32}$/);
      expect(lines[2]).toBe("g");
      expect(text.endsWith(readFileSync(join(sessions, "session-g.md"), "utf8"))).toBe(true);
      expect(readdirSync(sessions).filter((n) => n.endsWith(".tmp"))).toEqual([]);
      // unchanged state: still allowed (through the cache), the file is unchanged
      expect(gate(repo, "Edit", cjs)).toBe("allow");
      expect(readFileSync(cache, "utf8")).toBe(text);
    });

    it("a call allowed whatever the state (Read, a start-step tool) reads no state: the core and the cache wait for a call that needs them", () => {
      const { repo, sessions, cache } = repoWith(invalidCoding());
      expect(gate(repo, "Read", cjs)).toBe("allow");
      expect(gate(repo, "mcp__serena__read_memory", cjs)).toBe("allow");
      expect(existsSync(cache)).toBe(false);
      // the same state, a call whose answer depends on it: SS-002 runs and denies
      expect(gate(repo, "Edit", cjs)).toContain("invalid");
      writeFileSync(join(sessions, "session-g.md"), coding());
      expect(gate(repo, "Read", cjs)).toBe("allow");
      expect(existsSync(cache)).toBe(false);
      expect(gate(repo, "Edit", cjs)).toBe("allow");
      expect(existsSync(cache)).toBe(true);
    });

    it("SS-002 a state changed to an invalid one is denied although a cache for the old bytes exists", () => {
      const { repo, sessions, cache } = repoWith(coding());
      expect(gate(repo, "Edit", cjs)).toBe("allow");
      const before = readFileSync(cache, "utf8");
      writeFileSync(join(sessions, "session-g.md"), invalidCoding());
      expect(gate(repo, "Edit", cjs)).toContain("invalid");
      // the invalid bytes are never remembered
      expect(readFileSync(cache, "utf8")).toBe(before);
      // a change to another valid state goes through the core again (mode analysis: Edit denied)
      writeFileSync(join(sessions, "session-g.md"), stateNoteText(minimalState({ sessionId: "g", ...STARTED })));
      expect(gate(repo, "Edit", cjs)).toContain("not allowed in analysis mode");
    });

    it("SS-002 a cache naming another build, or another session, does not make an invalid state pass", () => {
      const { repo, cache } = repoWith(invalidCoding());
      const note = invalidCoding();
      writeFileSync(cache, `agentcheck gate-ok v1\n${"0".repeat(32)}\ng\n${note}`);
      expect(gate(repo, "Edit", cjs)).toContain("invalid");
      // the right build id (from a real cache of a valid state) but another session's id
      const other = repoWith(coding());
      expect(gate(other.repo, "Edit", cjs)).toBe("allow");
      const buildId = readFileSync(other.cache, "utf8").split("\n")[1];
      writeFileSync(cache, `agentcheck gate-ok v1\n${buildId}\nh\n${note}`);
      expect(gate(repo, "Edit", cjs)).toContain("invalid");
    });

    it("SS-002 a corrupt, foreign or unusable cache file is ignored: valid states pass, invalid ones are denied", () => {
      const { repo, sessions, cache } = repoWith(coding());
      const outside = tmpDir();
      const cases: [string, () => void][] = [
        ["garbage", () => writeFileSync(cache, "\u0000\u0001 not a cache")],
        ["empty", () => writeFileSync(cache, "")],
        ["truncated", () => writeFileSync(cache, "agentcheck gate-ok v1\n")],
        ["directory", () => mkdirSync(cache)],
        ["link outside the notes folder", () => {
          writeFileSync(join(outside, "c"), "whatever");
          symlinkSync(join(outside, "c"), cache);
        }],
      ];
      for (const [label, make] of cases) {
        rmSync(cache, { recursive: true, force: true });
        writeFileSync(join(sessions, "session-g.md"), coding());
        make();
        expect(gate(repo, "Edit", cjs), label).toBe("allow");
        writeFileSync(join(sessions, "session-g.md"), invalidCoding());
        expect(gate(repo, "Edit", cjs), label).toContain("invalid");
        expect(readdirSync(sessions).filter((n) => n.endsWith(".tmp")), label).toEqual([]);
      }
      // the link's target was never written through
      expect(readFileSync(join(outside, "c"), "utf8")).toBe("whatever");
    });
  });
}
