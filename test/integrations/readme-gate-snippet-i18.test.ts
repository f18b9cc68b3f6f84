// Issue 18: every documented gate registration fails closed. The README's snippets are run as
// Claude Code runs a command hook (sh -c, CLAUDE_PROJECT_DIR set): with the binary missing the
// exit code must be 2 (blocking), never 127 (non-blocking: the tool would run).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tmpDir } from "../helpers.js";

/** Every PreToolUse command in the README's JSON blocks. */
function documentedGateCommands(): string[] {
  const md = readFileSync(join(ROOT, "README.md"), "utf8");
  const out: string[] = [];
  for (const m of md.matchAll(/```json\n([\s\S]*?)```/g)) {
    let v: { hooks?: { PreToolUse?: { hooks: { command: string }[] }[] } };
    try {
      v = JSON.parse(m[1]);
    } catch {
      continue;
    }
    for (const e of v.hooks?.PreToolUse ?? []) for (const h of e.hooks) out.push(h.command);
  }
  return out;
}

function runHook(command: string, projectDir: string, input: string) {
  return spawnSync("sh", ["-c", command], {
    cwd: projectDir, input, encoding: "utf8",
    env: { PATH: "/usr/bin:/bin", CLAUDE_PROJECT_DIR: projectDir, HOME: projectDir },
  });
}

describe("issue 18: README manual gate registration fails closed", () => {
  const cmds = documentedGateCommands();
  it("README gate snippet: the README documents at least one PreToolUse gate command", () => {
    expect(cmds.length).toBeGreaterThan(0);
  });
  it("README gate snippet: with the binary missing every documented command exits 2 (blocks), not 127", () => {
    const project = tmpDir("agentcheck-nobin-");
    for (const c of cmds) {
      const r = runHook(c, project, JSON.stringify({ tool_name: "Write", cwd: project }));
      expect(r.status, `${c}: ${r.stderr}`).toBe(2);
    }
  });
  it("README gate snippet: with the binary installed the documented command runs the gate (exit 0)", () => {
    const project = tmpDir("agentcheck-bin-");
    mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
    symlinkSync(join(ROOT, "bin", "agentcheck-gate.cjs"), join(project, "node_modules", ".bin", "agentcheck-gate"));
    for (const c of cmds) {
      const r = spawnSync("sh", ["-c", c], {
        cwd: project, input: JSON.stringify({ tool_name: "Read", cwd: project }), encoding: "utf8",
        env: { PATH: `${process.execPath.replace(/\/[^/]+$/, "")}:/usr/bin:/bin`, CLAUDE_PROJECT_DIR: project, HOME: project },
      });
      expect(r.status, `${c}: ${r.stderr}`).toBe(0);
    }
  });
});
