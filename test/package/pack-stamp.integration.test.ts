// Issue 14 "Fast installs": `npm pack` (and the pre-commit framework's install, which runs `npm install`
// then `npm pack` in its clone) must not rebuild dist/ when it is current: the prepare script compares
// dist/.build-stamp with a hash of the sources (scripts/build-stamp.mjs).
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tmpDir } from "../helpers.js";

describe("issue-14 fast installs", () => {
  it("issue-14 npm pack does not rebuild dist/ when it is current", () => {
    const stampCheck = spawnSync(process.execPath, [join(ROOT, "scripts", "build-stamp.mjs"), "check"], { cwd: ROOT, encoding: "utf8" });
    expect(stampCheck.status, "dist/ must be current (npm run build) for this test").toBe(0);
    const cli = join(ROOT, "dist", "cli", "bin-main.js");
    const before = statSync(cli).mtimeMs;
    const manifest = readFileSync(join(ROOT, "package.json"), "utf8");
    const out = tmpDir("agentcheck-pack-stamp-");
    const t0 = Date.now();
    const r = spawnSync("npm", ["pack", "--pack-destination", out, "--foreground-scripts"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain("dist/ is current; not rebuilding");
    expect(`${r.stdout}${r.stderr}`).not.toContain("asc assembly/index.ts");
    expect(statSync(cli).mtimeMs).toBe(before);
    expect(Date.now() - t0).toBeLessThan(60_000);
    // the stamp is part of the package, so a check in an unpacked copy also agrees
    expect(readFileSync(join(ROOT, "dist", ".build-stamp"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);

    // issue 36 item 1, publish-ready: the packed manifest has no prepare (nothing to build is shipped;
    // npm warns consumers about install scripts), the clone's package.json is unchanged afterwards,
    // dist/ is shipped and the development-only pages are not
    expect(readFileSync(join(ROOT, "package.json"), "utf8")).toBe(manifest);
    const tgz = join(out, readdirSync(out).find((f) => f.endsWith(".tgz"))!);
    const unpacked = tmpDir("agentcheck-pack-unpacked-");
    expect(spawnSync("tar", ["-xzf", tgz, "-C", unpacked], { encoding: "utf8" }).status).toBe(0);
    const shipped = JSON.parse(readFileSync(join(unpacked, "package", "package.json"), "utf8")) as { scripts?: Record<string, string> };
    for (const k of ["prepare", "prepack", "postpack", "preinstall", "install", "postinstall"]) expect(shipped.scripts?.[k], k).toBeUndefined();
    expect(statSync(join(unpacked, "package", "dist", "index.js")).isFile()).toBe(true);
    expect(readdirSync(join(unpacked, "package", "docs"))).not.toContain("decisions-audit.md");
    // installed into a project with scripts allowed: no install script to warn about or to run
    const proj = tmpDir("agentcheck-pack-consumer-");
    writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
    const inst = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--omit=dev", "--foreground-scripts", tgz], { cwd: proj, encoding: "utf8" });
    expect(inst.status, inst.stderr).toBe(0);
    expect(`${inst.stdout}${inst.stderr}`).not.toMatch(/install.?script|prepare|not rebuilding/i);
  }, 180_000);

  it("issue-14 a changed source makes the stamp stale (the build would run)", () => {
    // the hash covers the sources: a different stamp value is 'not current'
    const stamp = readFileSync(join(ROOT, "dist", ".build-stamp"), "utf8");
    expect(stamp.length).toBeGreaterThan(10);
    const r = spawnSync(process.execPath, ["-e", `
      const { writeFileSync, readFileSync } = require("node:fs");
      const f = ${JSON.stringify(join(ROOT, "dist", ".build-stamp"))};
      const keep = readFileSync(f, "utf8");
      writeFileSync(f, "0".repeat(64) + "\\n");
      const { spawnSync } = require("node:child_process");
      const c = spawnSync(process.execPath, [${JSON.stringify(join(ROOT, "scripts", "build-stamp.mjs"))}, "check"]);
      writeFileSync(f, keep);
      process.exit(c.status);
    `], { encoding: "utf8" });
    expect(r.status).toBe(1);
  });
});
