// The tarball from `npm pack` installs into another directory and its binary runs.
import { describe, it, expect } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { readdirSync, writeFileSync } from "node:fs";
import { ROOT, tmpDir, writeTree } from "../helpers.js";

describe("npm package", () => {
  it("npm pack tarball installs elsewhere and `agentcheck` runs from it", () => {
    const out = tmpDir("agentcheck-pack-");
    execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", out], { cwd: ROOT, stdio: "ignore" });
    const tgz = readdirSync(out).find((f) => f.endsWith(".tgz"));
    expect(tgz).toBeDefined();
    const proj = tmpDir("agentcheck-consumer-");
    writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--omit=dev", join(out, tgz!)], { cwd: proj, stdio: "ignore" });
    writeTree(proj, { "ws/.agents/sessions/badly-named.md": "# x\n" });
    const bin = join(proj, "node_modules", ".bin", "agentcheck");
    const ok = spawnSync(bin, ["--version"], { cwd: proj, encoding: "utf8" });
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const r = spawnSync(bin, ["check", "ws", "--format", "json"], { cwd: proj, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(r.status).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.results.some((x: { findings: { ruleId: string }[] }) => x.findings.some((f) => f.ruleId === "SP-001"))).toBe(true);
    // library import from the installed package
    const lib = spawnSync(process.execPath, ["--input-type=module", "-e", "import('agentcheck').then(m => console.log(typeof m.ruleTable, m.ruleTable().length > 0))"], { cwd: proj, encoding: "utf8" });
    expect(lib.stdout.trim()).toBe("function true");
  }, 180_000);
});
