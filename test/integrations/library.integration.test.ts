// The library API as a caller uses it (docs/library.md): options that cannot mean anything are a
// UsageError naming the option, the documented per-file `modes` take effect, and a configuration
// loaded for one repository never carries its rule options or severities into the next one.
import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { makeRepo, writeTree } from "../helpers.js";
import { validLog } from "../session-json/util.js";
import {
  DEFAULT_MAX_FILE_BYTES, DiskSource, UsageError, changedScope, filesScope, loadConfig, stagedScope, validateMemoryIndexDir, validateSessionLogs,
} from "../../dist/index.js";

const MEM = ".serena/memories";
/** A memory folder with one unindexed `a-*` file (MI-017, default severity warning). */
const memories = {
  [`${MEM}/skills-a-index.md`]: "| Keywords | File |\n|---|---|\n| k1 k2 | a-y |\n",
  [`${MEM}/a-x.md`]: "# X\n\nText.\n",
  [`${MEM}/a-y.md`]: "# Y\n\nText.\n",
};

async function mi017(dir: string): Promise<string[]> {
  const { rules } = await loadConfig(dir, undefined, dir);
  const out = validateMemoryIndexDir({ source: new DiskSource(dir), dir: MEM, display: MEM, maxFileBytes: DEFAULT_MAX_FILE_BYTES, rules });
  return out.results.flatMap((r) => r.findings).filter((f) => f.ruleId === "MI-017").map((f) => f.severity);
}

describe("library API", () => {
  it("LIB-01 loadConfig replaces the rule options and severities an earlier configuration set (absent, plain or invalid next configuration)", async () => {
    const plain = makeRepo(memories);
    const options = makeRepo({ ...memories, "agentcheck.config.json": JSON.stringify({ rules: { "MI-017": { options: { level: "error" } } } }) });
    const off = makeRepo({ ...memories, "agentcheck.config.json": JSON.stringify({ validators: { memoryIndex: { severity: { "MI-017": "off" } } } }) });
    const other = makeRepo({ ...memories, "agentcheck.config.json": JSON.stringify({ paths: { specs: "specs" } }) });
    const broken = makeRepo({ ...memories, "agentcheck.config.json": "{ not json" });
    expect(await mi017(plain)).toEqual(["warning"]);
    expect(await mi017(options)).toEqual(["error"]);
    expect(await mi017(plain)).toEqual(["warning"]); // no configuration file
    expect(await mi017(off)).toEqual([]);
    expect(await mi017(other)).toEqual(["warning"]); // a configuration without rule settings
    expect(await mi017(options)).toEqual(["error"]);
    await expect(loadConfig(broken, undefined, broken)).rejects.toThrow(UsageError);
    // after a failed load nothing of the earlier configuration is in force
    const out = validateMemoryIndexDir({ source: new DiskSource(plain), dir: MEM, display: MEM, maxFileBytes: DEFAULT_MAX_FILE_BYTES });
    expect(out.results.flatMap((r) => r.findings).filter((f) => f.ruleId === "MI-017").map((f) => f.severity)).toEqual(["warning"]);
  });

  it("LIB-02 validateSessionLogs: options that cannot mean anything are a UsageError naming the option, never a run on a guess", async () => {
    const dir = makeRepo({ ".agents/sessions/2026-01-05-session-1.json": JSON.stringify(validLog()) });
    const base = { cwd: dir, maxFileBytes: DEFAULT_MAX_FILE_BYTES };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ mode: "bogus" }, /mode must be full, creation or record, got 'bogus'/],
      [{ modes: { "a.json": "partial" } }, /modes\["a.json"\] must be full, creation or record/],
      [{ maxFileBytes: undefined }, /maxFileBytes must be a whole number >= 0, got undefined/],
      [{ maxFileBytes: -1 }, /maxFileBytes must be a whole number >= 0, got -1/],
      [{ cwd: join(dir, "missing") }, /cwd is not a directory: .*missing/],
      [{ root: join(dir, ".agents/sessions/2026-01-05-session-1.json") }, /root is not a directory/],
      [{ context: "CI" }, /context must be pre-commit, ci, local, got 'CI'/],
    ];
    for (const [o, msg] of cases) {
      const p = validateSessionLogs({ ...base, ...o } as never);
      await expect(p, JSON.stringify(o)).rejects.toThrow(UsageError);
      await expect(validateSessionLogs({ ...base, ...o } as never)).rejects.toThrow(msg);
    }
  });

  it("LIB-03 validateSessionLogs: the documented per-file `modes` set each log's mode", async () => {
    const log = validLog();
    delete log.nextSteps; // required in full mode, relaxed in record mode
    const text = JSON.stringify(log, null, 2);
    const a = ".agents/sessions/2026-01-05-session-1.json";
    const b = ".agents/sessions/2026-01-05-session-2.json";
    const dir = makeRepo({ [a]: text, [b]: text.replace('"number": 1', '"number": 2') });
    const out = await validateSessionLogs({ cwd: dir, maxFileBytes: DEFAULT_MAX_FILE_BYTES, paths: [a, b], modes: { [a]: "record", [b]: "full" } });
    const mode = (f: string) => out.results.find((r) => r.file === f)?.data?.mode;
    expect(mode(a)).toBe("record");
    expect(mode(b)).toBe("full");
    const same = await validateSessionLogs({ cwd: dir, maxFileBytes: DEFAULT_MAX_FILE_BYTES, paths: [a], mode: "record" });
    expect(out.results.find((r) => r.file === a)?.findings).toEqual(same.results[0].findings);
  });

  it("LIB-05 the scope functions on a folder that does not exist: a UsageError saying so, not 'git is not installed'", () => {
    const dir = join(makeRepo({ "README.md": "# R\n" }), "missing");
    for (const f of [() => stagedScope(dir), () => changedScope(dir, "main"), () => filesScope(dir, ["a.md"])]) {
      expect(f).toThrow(UsageError);
      expect(f).toThrow(/not a directory: .*missing/);
    }
  });

  it("LIB-04 validations run at once in one process give the results they give one after the other", async () => {
    const dir = makeRepo({ ...memories, ".agents/sessions/2026-01-05-session-1.json": JSON.stringify(validLog()), ".agents/sessions/2026-01-06-session-2.md": "# Session 2\n" });
    writeTree(dir, { ".agents/sessions/2026-01-07-session-3.json": "{" });
    const run = () => validateSessionLogs({ cwd: dir, maxFileBytes: DEFAULT_MAX_FILE_BYTES, now: "2026-02-01T00:00:00Z" });
    const one = JSON.stringify((await run()).results);
    const many = await Promise.all([run(), run(), run(), run()]);
    for (const m of many) expect(JSON.stringify(m.results)).toBe(one);
  });
});
