// Issue 39 item 5: the launcher sets V8 flags for the short runs (bin/agentcheck.js shortRunFlags:
// the lean commands and `check --only` of the small validators) through process.binding("v8"), which
// warns (DEP0111) unless deprecations are silenced for the call. Whatever the user's deprecation
// settings, such a run prints nothing more and answers as the commander path (no flags) does.
import { describe, it, expect } from "vitest";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { BIN, ROOT, runCli, tmpDir } from "../helpers.js";

const WS = join(ROOT, "examples", "workspace");
const now = ["--now", "2026-01-10T00:00:00Z"];
const strip = (s: string) => s.replace(/"durationMs":\s*\d+(\.\d+)?/g, '"durationMs":0');

describe("issue-39 short runs with V8 flags: no warning, the same answer", () => {
  const cases = [
    ["consistency", "--all", "--path", ".", "-f", "json", ...now],
    ["traceability", "--specs", ".agents/specs", "--format", "json", ...now],
    ["check", ".", "--only", "consistency,traceability", "--format", "json", ...now],
  ];
  // deprecations thrown, traced, announced early, or silenced by the user
  const options = ["--throw-deprecation", "--trace-deprecation --pending-deprecation", "--no-deprecation", ""];
  it.each(cases.flatMap((c) => options.map((o) => [`${c[0]} NODE_OPTIONS=${o || "(none)"}`, c, o] as const)))("%s", (_name, args, nodeOptions) => {
    const full = runCli([...args], { cwd: WS, env: { AGENTCHECK_NO_LEAN: "1" } });
    const short = runCli([...args], { cwd: WS, env: { NODE_OPTIONS: nodeOptions || undefined } });
    expect(short.stderr).toBe("");
    expect(short.code).toBe(full.code);
    expect(strip(short.stdout)).toBe(strip(full.stdout));
    expect(short.stdout.length).toBeGreaterThan(100);
  });
});

describe("issue-39 node:vm is loaded before the short runs' flags change", () => {
  // V8 keys code caches by its flags, Node's own built-in code cache too: a built-in loaded after
  // setFlagsFromString compiles from its source (node:vm: about 3.0 M instructions instead of 0.6 M)
  it.each([["consistency", "--all", "--path", ".", "-f", "json"], ["check", ".", "--only", "consistency,traceability", "--format", "json"]])("%s", (...args) => {
    const probe = join(tmpDir(), "probe.cjs");
    const out = join(tmpDir(), "loaded.json");
    writeFileSync(probe, `process.on("exit", () => require("fs").writeFileSync(process.env.PROBE_OUT, JSON.stringify(process.moduleLoadList)));`);
    const r = spawnSync(process.execPath, ["-r", probe, BIN, ...args], { cwd: WS, encoding: "utf8", env: { ...process.env, PROBE_OUT: out } });
    expect(r.stderr).toBe("");
    const loaded = JSON.parse(readFileSync(out, "utf8")) as string[];
    const vm = loaded.indexOf("NativeModule vm");
    const flags = loaded.indexOf("Internal Binding v8");
    expect(vm).toBeGreaterThan(-1);
    expect(flags).toBeGreaterThan(-1);
    expect(vm).toBeLessThan(flags);
  });
});
