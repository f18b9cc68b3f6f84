// The pre-commit framework (Debian's package, 3.0.x) runs our .pre-commit-hooks.yaml against a
// temporary repository with `pre-commit try-repo`: it installs this package the way users get it
// (npm install, npm pack, npm install -g) and runs the hooks on the staged files.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, ROOT, tmpDir, writeTree } from "../helpers.js";
import { BAD_LOG, GOOD_LOG, freshJsonLog } from "./fixtures.js";

const probe = spawnSync("pre-commit", ["--version"], { encoding: "utf8" });
const HAS_PRE_COMMIT = probe.status === 0;
if (!HAS_PRE_COMMIT) {
  console.warn("SKIPPED: pre-commit framework tests: `pre-commit` is not installed (.ci/run installs it with apt-get when it can)");
}

function tryRepo(cwd: string, home: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PRE_COMMIT_HOME: home, NO_COLOR: "1", PRE_COMMIT_COLOR: "never" };
  for (const k of Object.keys(env)) if (k.startsWith("GIT_") && !k.startsWith("GIT_AUTHOR") && !k.startsWith("GIT_COMMITTER")) delete env[k];
  const r = spawnSync("pre-commit", ["try-repo", ROOT, ...args], { cwd, env, encoding: "utf8", maxBuffer: 64 << 20, timeout: 15 * 60_000 });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

describe("manifest", () => {
  it("PC-01 every hook uses language node, the agentcheck bin, and cross-file hooks do not get file names", () => {
    const text = readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8");
    const hooks = text.split(/\n(?=- id: )/).filter((b) => b.includes("id: "));
    expect(hooks.length).toBeGreaterThanOrEqual(3);
    const ids = new Set<string>();
    for (const h of hooks) {
      const id = /id: (\S+)/.exec(h)![1];
      expect(ids.has(id)).toBe(false);
      ids.add(id);
      expect(h).toMatch(/\n  language: node\n/);
      expect(h).toMatch(/\n  entry: agentcheck /);
      // pre-commit 3.0 (Debian) does not know the 3.2 stage names
      expect(h).not.toMatch(/stages:.*pre-commit/);
      const only = /--only (\S+)/.exec(h)?.[1];
      if (only && only !== "session-log") expect(h).toMatch(/pass_filenames: false/);
    }
    expect(ids.has("agentcheck")).toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.bin.agentcheck).toBeTruthy();
  });
});

describe.skipIf(!HAS_PRE_COMMIT)(`pre-commit try-repo (${probe.stdout?.trim() || "pre-commit missing"})`, () => {
  const home = tmpDir("agentcheck-pre-commit-home-");

  it("PC-10 a staged bad session log fails the hooks with findings; the good one is not reported", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
    writeTree(dir, { [BAD_LOG]: "", [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", "-A");
    const r = tryRepo(dir, home, ["--verbose"]);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/agentcheck\.+Failed/);
    expect(r.out).toMatch(/agentcheck session logs\.+Failed/);
    expect(r.out).toMatch(new RegExp(`^${BAD_LOG.replace(/[.]/g, "\\.")}$`, "m"));
    expect(r.out).toMatch(/agentcheck: commit blocked: \d+ errors? in \d+ files?/);
    expect(r.out).toContain("SP-001");
    expect(r.out).not.toContain(`${GOOD_LOG}:`);
  }, 20 * 60_000);

  it("PC-11 a good staged session log passes", () => {
    const dir = makeRepo({ "README.md": "# P\n", ".agents/sessions/.keep": "" });
    writeTree(dir, { [GOOD_LOG]: freshJsonLog(1) });
    git(dir, "add", "-A");
    const r = tryRepo(dir, home, ["agentcheck-session-log", "--verbose"]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/agentcheck session logs\.+Passed/);
  }, 20 * 60_000);
});
