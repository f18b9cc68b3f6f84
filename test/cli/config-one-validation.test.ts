// Issue 33 item 2 ("the gate fails open on a wrongly typed gate setting"): one configuration validation
// for every entry point. The schema is declared once (zod, src/config-schema.ts), rendered at build
// time, and checked by src/config-validate.ts for `check` (loadConfig) and for the session commands and
// the gate (readStateSettings), which used to validate state/gate by hand, fall back to the default and
// drop the problem. In process: the gate's and session commands' processes are in
// test/hostile/gate-config.integration.test.ts.
import { describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigSchema } from "../../src/config-schema.js";
import { validateConfig } from "../../src/config-validate.js";
import { findConfigFile } from "../../src/config-file.js";
import { readStateSettings } from "../../src/state/config.js";
import { StateError } from "../../src/state/errors.js";
import { CONFIG_MAX_BYTES } from "../../src/fsread.js";
import { CHECK_IDS } from "../../src/check-ids.js";
import { GATE_MAX_INPUT_BYTES } from "../../src/state/gate.js";
import { ROOT, tmpDir } from "../helpers.js";
import { BAD_STATE_GATE } from "../hostile/bad-config.js";

function repoWith(config: unknown, name = "agentcheck.config.json"): string {
  const dir = tmpDir();
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, name), typeof config === "string" ? config : JSON.stringify(config));
  return dir;
}

describe("issue 33 item 2: one configuration validation (src/config-validate.ts)", () => {
  for (const [key, cfg] of BAD_STATE_GATE) {
    it(`readStateSettings refuses ${JSON.stringify(cfg)} (USAGE naming ${key} and the file), as the validation check uses does`, () => {
      const dir = repoWith(cfg);
      let err: unknown;
      try {
        readStateSettings(dir);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StateError);
      expect((err as StateError).code).toBe("USAGE");
      expect((err as Error).message).toContain(`${key}:`);
      expect((err as Error).message).toContain(join(dir, "agentcheck.config.json"));
      expect(() => validateConfig(cfg, "x")).toThrow(`${key}:`);
    });
  }

  it("unknown names are refused by the one validation too (rule id, check id, rule option, glob)", () => {
    expect(() => validateConfig({ validators: { sessionLog: { severity: { "SP-O13": "off" } } } }, "f")).toThrow(/validators\.sessionLog\.severity\.SP-O13: unknown rule id \(did you mean SP-013\?\)/);
    expect(() => validateConfig({ prePr: { checks: { "PP-099": {} } } }, "f")).toThrow(/prePr\.checks\.PP-099: unknown check id/);
    expect(() => validateConfig({ rules: { "XX-001": {} } }, "f")).toThrow(/rules\.XX-001: unknown rule/);
    expect(() => validateConfig({ ignores: ["[z-a]"] }, "f")).toThrow(/configuration ignores/);
    expect(() => validateConfig({ prePr: { pathNormalization: { excludes: ["{a"] } } }, "f")).toThrow(/prePr\.pathNormalization\.excludes/);
  });

  it("the settings of a valid configuration are read from it (gate.phases, readOnlyTools + readOnlyExtra, notesDir, paths.memories)", () => {
    const dir = repoWith({ gate: { phases: true, requireProtocolStart: true, enabled: false, readOnlyTools: ["A"], readOnlyExtra: ["B"] }, state: { requireTaskForCoding: true, agentNotes: true, notesDir: "n" }, paths: { memories: "./m/" } });
    const s = readStateSettings(dir);
    expect(s).toMatchObject({ gatePhases: true, requireProtocolStart: true, gateEnabled: false, readOnlyTools: ["A", "B"], requireTaskForCoding: true, agentNotes: true, notesDir: join(dir, "n"), memoriesDir: "m" });
  });

  // the rendering is the declaration: every accept/refuse of zod's own parse is the validator's
  const SAMPLES: unknown[] = [
    {}, { $schema: "x" }, { gate: {} }, { gate: { phases: true } }, { gate: { phases: "true" } }, { gate: { readOnlyTools: [] } },
    { hooks: { stop: "warn" } }, { hooks: { stop: "maybe" } }, { hooks: { sessionStartMode: "coding" } },
    { prePr: { prSize: { commits: { warn: 0, fail: 3 } } } }, { prePr: { prSize: { commits: { warn: -1 } } } }, { prePr: { prSize: { files: { warn: 1.5 } } } },
    { prePr: { checks: { "PP-002": { timeout: 0 } } } }, { prePr: { checks: { "PP-002": { timeout: 5 } } } }, { prePr: { agentDrift: { threshold: 101 } } },
    { prePr: { agentDrift: { threshold: 100 } } }, { prePr: { planning: { estimateThreshold: 0.5 } } }, { prePr: { planning: { estimateThreshold: -0.5 } } },
    { paths: { sessions: "a/b" } }, { paths: { sessions: "a/../b" } }, { paths: { sessions: "C:x" } }, { paths: { sessions: "\\x" } }, { paths: { sessions: "..a" } },
    { paths: { sessions: "a\n/.." } }, { paths: { sessions: "" } }, { rules: { "SP-001": { options: { x: 1 } } } }, { rules: { "sp-001": {} } },
    { rules: { "SP-001": { other: 1 } } }, { validators: { memoryIndex: { layout: "reference", orphans: "warn" } } }, { validators: { memoryIndex: { layout: "x" } } },
    { validators: { sessionLog: { severity: { "SP-001": "loud" } } } }, { ignores: "x" }, { ignores: ["a", 1] }, { state: { notesDir: " " } }, { state: { notesDir: ".n" } },
    null, "x", 1, [],
  ];
  for (const v of SAMPLES) {
    it(`one declaration: the rendered schema accepts ${JSON.stringify(v)} exactly when the zod schema does`, () => {
      const zod = ConfigSchema.safeParse(v).success;
      let ours = true;
      try {
        validateConfig(v, "x");
      } catch (e) {
        // name checks (rule ids, options) come after the schema: only schema problems count here
        ours = /unknown rule|unknown option|unknown check/.test((e as Error).message);
      }
      expect(ours).toBe(zod);
    });
  }

  it("one limit: the docs give the configuration size limit the code applies (CONFIG_MAX_BYTES)", () => {
    const doc = readFileSync(join(ROOT, "docs", "configuration-files.md"), "utf8");
    expect(doc).toContain(`a file over ${CONFIG_MAX_BYTES / 1048576} MiB (\`CONFIG_MAX_BYTES\``);
    expect(doc).not.toMatch(/over 1 MiB/);
  });

  it("one limit: the docs give the gate's hook-input cap the code applies (GATE_MAX_INPUT_BYTES)", () => {
    for (const doc of ["security.md", "session-state.md"]) {
      expect(readFileSync(join(ROOT, "docs", doc), "utf8"), doc).toContain(`over ${GATE_MAX_INPUT_BYTES / 1048576} MiB (\`GATE_MAX_INPUT_BYTES\``);
    }
  });

  it("package.json with comments holds no configuration, for check's reader and the gate's alike (docs/configuration-files.md)", () => {
    const dir = repoWith('{\n  // a comment\n  "name": "p",\n  "agentcheck": { "gate": { "enabled": false } }\n}\n', "package.json");
    expect(findConfigFile(dir, undefined, dir)).toBeUndefined();
    expect(readStateSettings(dir).gateEnabled).toBe(true);
    const plain = repoWith({ name: "p", agentcheck: { gate: { enabled: false } } }, "package.json");
    expect(readStateSettings(plain).gateEnabled).toBe(false);
    const doc = readFileSync(join(ROOT, "docs", "configuration-files.md"), "utf8");
    expect(doc).toMatch(/`package.json` that is not plain JSON — comments and\s+trailing commas included/);
  });

  it("the check ids the validation knows (src/check-ids.ts) are the pre-pr checks, no more", async () => {
    const { CHECKS } = await import("../../src/prepr/checks.js");
    expect([...CHECKS.map((c) => c.id)].sort()).toEqual([...CHECK_IDS].sort());
  });
});
