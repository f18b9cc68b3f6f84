// The CommonJS bundles carry the package version they were built with (scripts/bundle-cli.mjs defines
// src/version.ts __AGENTCHECK_VERSION__ from package.json): a short run no longer reads and parses
// package.json for its report (about 0.5 M instructions of a consistency run; issue 39 item 5). The
// build stamp covers package.json, so a changed version rebuilds the bundles. Runs the built lean
// bundle from a folder with no package.json above it: the version must still be the package's.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tmpDir } from "../helpers.js";

const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
const WS = join(ROOT, "examples", "workspace");

describe("issue-39 the bundles report the package version without reading package.json", () => {
  it("lean.cjs away from any package.json reports the version it was built with", () => {
    const dir = join(tmpDir("agentcheck-version-"), "dist", "cli");
    mkdirSync(join(dir, "generated"), { recursive: true });
    copyFileSync(join(ROOT, "dist", "cli", "lean.cjs"), join(dir, "lean.cjs"));
    copyFileSync(join(ROOT, "dist", "cli", "generated", "agentcheck-lean.wasm"), join(dir, "generated", "agentcheck-lean.wasm"));
    const script = `require(${JSON.stringify(join(dir, "lean.cjs"))}).runLean(["consistency", "--all", "--path", ".", "--format", "json"]).then((c) => { process.exitCode = c; })`;
    const r = spawnSync(process.execPath, ["-e", script], { cwd: WS, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect((JSON.parse(r.stdout) as { version: string }).version).toBe(PKG.version);
  });

  it("the launcher's lean and check paths report package.json's version", () => {
    for (const args of [["consistency", "--all", "--path", "."], ["check", "--only", "consistency"]]) {
      const r = runCli([...args, "--format", "json"], { cwd: WS });
      expect((JSON.parse(r.stdout) as { version: string }).version).toBe(PKG.version);
    }
  });
});
