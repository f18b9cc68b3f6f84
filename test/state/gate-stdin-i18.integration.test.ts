// Issue 18 "gate stdin": the gate reads its hook input to the end whatever the size and chunking.
// A Node parent writes the input through a pipe in 16 KiB chunks, as Claude Code does; a large Write
// in coding mode is allowed (it used to be denied as "hook input on stdin is not a JSON object").
import { describe, it, expect } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, ROOT, makeRepo, tmpDir } from "../helpers.js";
import { minimalState, stateNoteText, pointerText, writeNote, STARTED } from "./fixtures.js";

const GATE = join(ROOT, "bin", "agentcheck-gate.cjs");

function codingRepo(): string {
  const repo = makeRepo({});
  const root = join(repo, ".agent-notes");
  writeNote(root, "sessions/session-g", stateNoteText(minimalState({ sessionId: "g", currentMode: "coding", modeHistory: [{ mode: "coding", timestamp: "2026-02-11T10:00:00.000Z" }], ...STARTED })));
  writeNote(root, "sessions/current-session", pointerText("g"));
  return repo;
}

function bigWrite(cwd: string, bytes: number): Buffer {
  const content = "y".repeat(bytes);
  return Buffer.from(JSON.stringify({
    session_id: "abc", cwd, hook_event_name: "PreToolUse", tool_name: "Write",
    tool_input: { file_path: join(cwd, "big.txt"), content }, tool_use_id: "toolu_1",
  }));
}

/** A Node parent writing `input` to the child's stdin pipe in 16 KiB chunks (respecting back-pressure). */
function runChunked(args: string[], cwd: string, input: Buffer): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, AGENTCHECK_NOTES_DIR: "" };
    delete (env as Record<string, string | undefined>).AGENTCHECK_NOTES_DIR;
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.on("error", () => {}); // EPIPE if the child stopped reading: the result shows it
    let off = 0;
    const CHUNK = 16 * 1024;
    const pump = () => {
      while (off < input.length) {
        const part = input.subarray(off, off + CHUNK);
        off += part.length;
        if (!child.stdin.write(part)) {
          child.stdin.once("drain", pump);
          return;
        }
      }
      child.stdin.end();
    };
    pump();
  });
}

describe("issue 18: gate stdin is read to the end", () => {
  for (const [label, bytes] of [["1 MB", 1 << 20], ["20 MB", 20 << 20]] as const) {
    it(`gate stdin: a ${label} Write through a pipe in 16 KiB chunks from a Node parent is allowed in coding mode (agentcheck-gate)`, async () => {
      const repo = codingRepo();
      const r = await runChunked([GATE], repo, bigWrite(repo, bytes));
      expect(r.code).toBe(0);
      expect(r.stdout, r.stdout.slice(0, 300)).toBe("");
    }, 60_000);
  }
  it("gate stdin: a 1 MB Write in 16 KiB chunks through `agentcheck session gate` is allowed", async () => {
    const repo = codingRepo();
    const r = await runChunked([BIN, "session", "gate"], repo, bigWrite(repo, 1 << 20));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  }, 60_000);
  it("gate stdin: a 2 MB input through a shell pipe (cat | gate) is allowed; an analysis-mode check still denies", () => {
    const repo = codingRepo();
    const file = join(tmpDir(), "in.json");
    writeFileSync(file, bigWrite(repo, 2 << 20));
    const r = spawnSync("sh", ["-c", `cat "$1" | "$2" "$3"`, "sh", file, process.execPath, GATE], { cwd: repo, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
  });
  it("gate stdin: a large non-JSON input is still denied (fail closed)", async () => {
    const repo = codingRepo();
    const r = await runChunked([GATE], repo, Buffer.from(`{"tool_name":"Write",${"z".repeat(1 << 20)}`));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  }, 60_000);
});
