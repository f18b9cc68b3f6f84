// The core's start function is evaluated at build time (scripts/build-ctor-eval.mjs); a module whose
// evaluation did not complete keeps `_start` exported and the host runs it after instantiating
// (src/wasm/instance.ts). Here the package runs on the modules as asc wrote them (build/*.start.wasm,
// kept by the build step): same reports and gate decisions as on the evaluated modules.
import { describe, it, expect } from "vitest";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, makeRepo, tmpDir } from "../helpers.js";
import { minimalState, stateNoteText, pointerText, writeNote, STARTED } from "../state/fixtures.js";

const START = { whole: join(ROOT, "build", "agentcheck.start.wasm"), gate: join(ROOT, "build", "agentcheck-gate.start.wasm"), lean: join(ROOT, "build", "agentcheck-lean.start.wasm") };
const missing = !existsSync(START.whole) || !existsSync(START.gate) || !existsSync(START.lean);
if (missing) console.error("ctor-eval: skipped: build/*.start.wasm are absent (the build could not evaluate the start functions, or did not run)");

const exportsOf = (file: string) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).map((e) => e.name);

/** A copy of the package (bin, package.json, dist) with the modules as asc wrote them. */
function startPackage(): string {
  const pkg = tmpDir("agentcheck-start-");
  for (const p of ["bin", "package.json", "dist"]) cpSync(join(ROOT, p), join(pkg, p), { recursive: true });
  cpSync(START.whole, join(pkg, "dist", "wasm", "generated", "agentcheck.wasm"));
  cpSync(START.whole, join(pkg, "dist", "cli", "generated", "agentcheck.wasm"));
  cpSync(START.gate, join(pkg, "dist", "wasm", "generated", "agentcheck-gate.wasm"));
  cpSync(START.lean, join(pkg, "dist", "wasm", "generated", "agentcheck-lean.wasm"));
  cpSync(START.lean, join(pkg, "dist", "cli", "generated", "agentcheck-lean.wasm"));
  return pkg;
}

function run(pkg: string, file: string, args: string[], cwd: string, input = ""): { code: number; out: string } {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
  delete env.AGENTCHECK_NOTES_DIR;
  const r = spawnSync(process.execPath, [join(pkg, "bin", file), ...args], { cwd, input, encoding: "utf8", env: env as NodeJS.ProcessEnv });
  return { code: r.status ?? -1, out: r.stdout.replace(/"durationMs": ?[0-9.]+/g, "") };
}

describe.skipIf(missing)("a core whose start function was not evaluated at build time", () => {
  it("exports _start before the build step and not after it (the case the host's fallback covers)", () => {
    expect(exportsOf(START.whole)).toContain("_start");
    expect(exportsOf(START.gate)).toContain("_start");
    expect(exportsOf(START.lean)).toContain("_start");
    expect(exportsOf(join(ROOT, "dist", "wasm", "generated", "agentcheck.wasm"))).not.toContain("_start");
    expect(exportsOf(join(ROOT, "dist", "wasm", "generated", "agentcheck-gate.wasm"))).not.toContain("_start");
    expect(exportsOf(join(ROOT, "dist", "cli", "generated", "agentcheck-lean.wasm"))).not.toContain("_start");
  });
  it("gives the same reports and gate decisions: the host runs _start", () => {
    const pkg = startPackage();
    const idx = "| Keywords | File |\n|---|---|\n| alpha beta | a-x |\n| alpha gamma | a-y |\n";
    const repo = makeRepo({ ".serena/memories/skills-a-index.md": idx, ".serena/memories/a-x.md": "# a-x\n", ".serena/memories/orphan.md": "# o\n" });
    const root = join(repo, ".agent-notes");
    writeNote(root, "sessions/session-g", stateNoteText(minimalState({ sessionId: "g", currentMode: "analysis", modeHistory: [{ mode: "analysis", timestamp: "2026-02-11T10:00:00.000Z" }], ...STARTED })));
    writeNote(root, "sessions/current-session", pointerText("g"));
    const hook = JSON.stringify({ session_id: "abc", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Edit", tool_input: { file_path: join(repo, "x") } });
    const runs: [string, string[], string][] = [
      ["agentcheck.js", ["memory-index", "--format", "json"], ""],
      ["agentcheck.js", ["consistency", "--all", "--format", "json"], ""],
      ["agentcheck.js", ["traceability", "--format", "json"], ""],
      ["agentcheck.js", ["check", "--only", "memory-index,consistency,traceability", "--format", "json"], ""],
      ["agentcheck.js", ["check", "--format", "json"], ""],
      ["agentcheck-gate.cjs", [], hook],
    ];
    for (const [file, args, input] of runs) {
      const want = run(ROOT, file, args, repo, input);
      const got = run(pkg, file, args, repo, input);
      expect(got, `${file} ${args.join(" ")}`).toEqual(want);
    }
    expect(run(pkg, "agentcheck-gate.cjs", [], repo, hook).out).toContain('"permissionDecision":"deny"');
    expect(run(pkg, "agentcheck.js", ["memory-index"], repo).code).toBe(1);
  });
});
