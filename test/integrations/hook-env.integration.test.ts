// The hooks agentcheck writes start node without NODE_EXTRA_CA_CERTS (src/commands/hook-env.ts): Node
// parses the bundle it names at every start, before any of our code (~50 ms with a system bundle).
// Node prints "Warning: Ignoring extra certs from `<file>`, load failed" at start when the variable
// names a file it cannot read, so each hook is run, for real, with the variable naming a missing
// file: no warning means node started without it. The control shows the same node prints it.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { BIN, ROOT, git, makeRepo, runCli, tmpDir, toolPath } from "../helpers.js";

const WARNING = "Ignoring extra certs";

/** A PATH with the given stand-ins, git, the system programs and this node (nothing else of the machine's). */
function pathWith(tools: Record<string, string> = {}): string {
  const nodeDir = tmpDir("agentcheck-node-");
  symlinkSync(process.execPath, join(nodeDir, "node"));
  return `${toolPath(tools)}:${nodeDir}`;
}

function run(cmd: string, args: string[], cwd: string, input: string, env: Record<string, string>) {
  const r = spawnSync(cmd, args, {
    cwd, input, encoding: "utf8",
    env: { PATH: pathWith(), HOME: cwd, NO_COLOR: "1", NODE_EXTRA_CA_CERTS: join(cwd, "no-such-bundle.pem"), ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A repository with agentcheck installed in node_modules (links to this checkout's launchers). */
function installedRepo(): string {
  const dir = makeRepo({ "README.md": "# Project\n", ".agents/sessions/.keep": "" });
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules", ".bin", "agentcheck"));
  symlinkSync(join(ROOT, "bin", "agentcheck-gate.cjs"), join(dir, "node_modules", ".bin", "agentcheck-gate"));
  return dir;
}

describe("hook start-up without the CA bundle variable (hook-env)", () => {
  it("HENV-00 control: node run directly with the variable naming a missing file prints the warning", () => {
    const dir = makeRepo({});
    const r = run(process.execPath, [BIN, "--version"], dir, "", {});
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(WARNING);
  });

  it("HENV-01 every Claude Code hook `hooks claude --write` writes starts node without it", () => {
    const dir = installedRepo();
    expect(runCli(["hooks", "claude", "--write"], { cwd: dir }).code).toBe(0);
    const settings = JSON.parse(readFileSync(join(dir, ".claude", "settings.local.json"), "utf8"));
    const events = ["SessionStart", "PreToolUse", "PostToolUse", "PreCompact", "Stop", "SessionEnd"];
    for (const event of events) {
      const command: string = settings.hooks[event][0].hooks[0].command;
      expect(command.startsWith("unset NODE_EXTRA_CA_CERTS; "), event).toBe(true);
      const input = JSON.stringify({ session_id: "henv", cwd: dir, hook_event_name: event, tool_name: "Read", tool_input: { file_path: "README.md" }, source: "startup" });
      const r = run("sh", ["-c", command], dir, input, { CLAUDE_PROJECT_DIR: dir });
      expect(r.stderr, `${event}: ${r.stderr}`).not.toContain(WARNING);
      expect(r.code, `${event}: ${r.stderr}`).toBe(0);
      // control: the same command without the statement warns, so the hook did start node
      const bare = run("sh", ["-c", command.slice("unset NODE_EXTRA_CA_CERTS; ".length)], dir, input, { CLAUDE_PROJECT_DIR: dir });
      expect(bare.stderr, event).toContain(WARNING);
    }
  });

  it("HENV-02 a real commit through the git pre-commit hook `hooks install` writes: no warning, the check ran", () => {
    const dir = installedRepo();
    expect(runCli(["hooks", "install"], { cwd: dir }).code).toBe(0);
    git(dir, "add", "README.md");
    const env = { GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.com", GIT_CONFIG_NOSYSTEM: "1" };
    // a bad session log staged: the hook's check refuses the commit, so it did run
    mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
    const bad = run("sh", ["-c", "printf '# nothing\\n' > .agents/sessions/2026-12-01-session-1.md && git add -A && git commit -q -m bad"], dir, "", env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).not.toContain(WARNING);
    expect(`${bad.stdout}${bad.stderr}`).toContain("2026-12-01-session-1.md");
  });

  it("HENV-03 the husky line `hooks install --manager husky` writes drops it for its one command", () => {
    const dir = makeRepo({ "README.md": "# Project\n" });
    expect(runCli(["hooks", "install", "--manager", "husky"], { cwd: dir }).code).toBe(0);
    const script = readFileSync(join(dir, ".husky", "pre-commit"), "utf8");
    // npx stands in as node itself: what matters is the environment node starts in
    const path = pathWith({ npx: `exec '${process.execPath}' -e 0` });
    const r = run("sh", ["-c", script], dir, "", { PATH: path });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain(WARNING);
    const bare = run("sh", ["-c", "npx --no-install agentcheck check --staged"], dir, "", { PATH: path });
    expect(bare.stderr).toContain(WARNING);
  });
});
