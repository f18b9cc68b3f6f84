// agentcheck init's step list and the markdownlint result cache.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { INIT_STEPS, runInit } from "../../dist/init.js";
import { loadConfig, stripJsonComments, STARTER_CONFIG, validatorOptions } from "../../dist/config.js";
import { parseConfig } from "../../dist/config-validate.js";
import { git, makeRepo, runCli, tmpDir } from "../helpers.js";

describe("init", () => {
  it("runs the registered steps after writing the configuration", async () => {
    const dir = tmpDir();
    const seen: string[] = [];
    INIT_STEPS.push({ name: "test-step", run: (ctx) => { seen.push(ctx.root); return "test step ran"; } });
    const log: string[] = [];
    try {
      expect(await runInit({ root: dir, force: false, findings: false }, (l) => log.push(l))).toBe(0);
    } finally {
      INIT_STEPS.pop();
    }
    expect(seen).toEqual([dir]);
    // issue-40 item 3: the configuration step says which protocol preset it wrote and why
    expect(log).toEqual([`wrote ${join(dir, "agentcheck.config.jsonc")}\nprotocol.preset validate-if-present: no session protocol with MUST steps (.agents/SESSION-PROTOCOL.md) in the repository: logs are optional, validated when present`, "test step ran"]);
    expect((await loadConfig(dir)).config.protocol?.preset).toBe("validate-if-present");
    expect((await loadConfig(dir)).config.state?.notesDir).toBe(".agent-notes");
  });
  it("the starting configuration is valid JSONC against the schema", () => {
    const cfg = parseConfig(JSON.parse(stripJsonComments(STARTER_CONFIG)), "starter");
    expect(cfg.prePr?.prSize?.files).toEqual({ warn: 20, fail: 50 });
    expect(cfg.gate?.readOnlyTools).toContain("Read");
  });
  it("strips comments but keeps // and /* inside strings", () => {
    expect(JSON.parse(stripJsonComments('{"a": "http://x/*y*/", // c\n "b": [1,], /* d */ }'))).toEqual({ a: "http://x/*y*/", b: [1] });
  });
});

describe("config to validator options", () => {
  it("section keys and state.notesDir are defaults; command-line options win", () => {
    const cfg = { validators: { memoryIndex: { enabled: true, severity: { "MI-001": "off" as const }, orphans: "error" as const, layout: "current" as const } }, state: { notesDir: "notes" } };
    expect(validatorOptions(cfg, "memory-index", { format: "json", orphans: undefined })).toEqual({ orphans: "error", layout: "current", notesDir: "notes", format: "json" });
    expect(validatorOptions(cfg, "memory-index", { orphans: "off" }).orphans).toBe("off");
    expect(validatorOptions({}, "session-log", {})).toEqual({});
  });
});

describe("markdownlint cache", () => {
  it("a warm run gives the same findings; a content change is linted again; --no-cache bypasses", () => {
    const dir = makeRepo({ "README.md": "# R\n" });
    git(dir, "checkout", "-q", "-b", "f");
    writeFileSync(join(dir, "a.md"), "# A\n\n```\nx\n```\n");
    const env = { CI: undefined, SKIP_AUTOFIX: undefined };
    const run = (...extra: string[]) => JSON.parse(runCli(["pre-pr", "--only", "PP-003", "-f", "json", ...extra], { cwd: dir, env }).stdout).checks.find((c: { id: string }) => c.id === "PP-003");
    const first = run();
    const cache = join(dir, ".git", "agentcheck", "markdownlint-cache.json");
    expect(existsSync(cache)).toBe(true);
    expect(run().findings).toEqual(first.findings);
    expect(first.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["MD040/fenced-code-language"]);
    writeFileSync(join(dir, "a.md"), "# A\n\n```sh\nx\n```\n");
    expect(run().findings).toEqual([]);
    // a poisoned cache entry is only trusted for identical content: --no-cache ignores it entirely
    const c = JSON.parse(readFileSync(cache, "utf8"));
    c.files["a.md"].e = [[1, "MD999/fake", "error", 1, "fake"]];
    writeFileSync(cache, JSON.stringify(c));
    expect(run().findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["MD999/fake"]);
    expect(run("--no-cache").findings).toEqual([]);
    // the parsed markdownlint configuration is cached too, and re-read when its bytes change
    writeFileSync(join(dir, ".markdownlint.json"), '{ "MD040": false }');
    expect(run().findings.map((f: { ruleId: string }) => f.ruleId)).toEqual([]);
    expect(existsSync(`${cache}.config.json`)).toBe(true);
    writeFileSync(join(dir, "a.md"), "# A\n\n```\nx\n```\n");
    expect(run().findings).toEqual([]);
    writeFileSync(join(dir, ".markdownlint.json"), '{ "MD040": true }');
    expect(run().findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["MD040/fenced-code-language"]);
  });
});
