// CPU profile of the rule core on the corpus JSON session logs scaled to 1,650 files (the 550 logs
// of ai-agents-efa406e9a three times under new names), the profile issue 13 asks for.
//
//   node scripts/profile-json-core.mjs [--passes N] [--top N] [--keep DIR] [--repo DIR --copies N --mode MODE]
//
// --repo profiles another repository's JSON logs instead (e.g. a checkout of today's upstream),
// --copies sets how many times they are repeated (default 3 for the corpus, 1 for --repo), --mode
// passes a validation mode (record, full, creation) as the CLI's --mode does.
//
// Builds a copy of dist/ whose module is compiled like the release build (-O3, the size transform,
// SIMD) but with --debug, so function names stay in the module; runs N passes of the session-log
// validator over the 1,650 documents in-process after one warm-up pass, under the V8 profiler
// (node:inspector); prints the top functions by self time (host and core together, as in the
// profiles of docs/benchmarks.md) and the inclusive time per pass of a few landmarks.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CORPUS, HAS_CORPUS, ROOT } from "./bench/lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const PASSES = Number(arg("--passes", "10"));
const TOP = Number(arg("--top", "20"));
const KEEP = arg("--keep", undefined);
const REPO = arg("--repo", undefined);
const COPIES = Number(arg("--copies", REPO ? "1" : "3"));
const MODE = arg("--mode", undefined);

if (!HAS_CORPUS && !REPO) {
  console.log("corpus absent (../shared/corpus): nothing to profile");
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), "agentcheck-profile-"));
try {
  const dist = join(work, "dist");
  symlinkSync(join(ROOT, "node_modules"), join(work, "node_modules"), "dir"); // dist/ resolves its packages from here
  cpSync(join(ROOT, "dist"), dist, { recursive: true });
  const wasm = join(work, "agentcheck.debug-names.wasm");
  // the release build's transform where the checkout has it (older checkouts, for a "before" profile, do not)
  const transform = existsSync(join(ROOT, "scripts", "asc-size.mjs")) ? ["--transform", "./scripts/asc-size.mjs"] : [];
  try {
    execFileSync(
      process.execPath,
      [join(ROOT, "node_modules", "assemblyscript", "bin", "asc.js"), "assembly/index.ts", "-O3", "--shrinkLevel", "1", "--runtime", "minimal",
        "--maximumMemory", "8192", "--enable", "simd", "--debug", ...transform, "-o", wasm],
      { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 },
    );
  } catch (e) {
    console.error(String(e.stderr ?? e));
    process.exit(2);
  }
  cpSync(wasm, join(dist, "wasm", "generated", "agentcheck.wasm"));

  const { executeValidator } = await import(join(dist, "engine.js"));
  const { KIND } = await import(join(dist, "wasm", "abi.js"));
  const { prepareJsonSessions } = await import(join(dist, "validators", "session-json-facts.js"));
  const efa = REPO ?? join(CORPUS, "ai-agents-efa406e9a");
  const dir = join(efa, ".agents", "sessions");
  const { MODE_FLAGS } = await import(join(dist, "scope.js"));
  const json = readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
    .map((f) => ({ file: `.agents/sessions/${f}`, kind: KIND.SESSION_JSON, flags: MODE ? MODE_FLAGS[MODE] : 0, bytes: new Uint8Array(readFileSync(join(dir, f))) }));
  const facts = await prepareJsonSessions(efa, json, MODE, undefined);
  const docs = [];
  for (let k = 0; k < COPIES; k++) for (const d of json) docs.push({ ...d, file: k ? d.file.replace(/\.json$/, `-copy${k}.json`) : d.file });
  const bytes = docs.reduce((n, d) => n + d.bytes.length, 0);

  let findings = 0;
  const pass = () => {
    const r = executeValidator("session-log", docs, facts, {});
    findings = r.results.reduce((n, x) => n + (x.findings?.length ?? 0), 0);
  };
  pass(); // warm-up: instantiation and the first compile are not the steady state

  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  const t0 = performance.now();
  for (let i = 0; i < PASSES; i++) pass();
  const ms = (performance.now() - t0) / PASSES;
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  if (KEEP) writeFileSync(join(KEEP, "json-core.cpuprofile"), JSON.stringify(profile));

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
    total += dt;
  }
  const nameOf = (n) => {
    const cf = n.callFrame;
    const where = cf.url ? cf.url.slice(cf.url.lastIndexOf("/") + 1) : "";
    return `${cf.functionName || "(anonymous)"}${cf.url.startsWith("wasm") ? " (core)" : where ? ` (${where})` : ""}`;
  };
  const self = new Map();
  for (const [id, us] of selfUs) {
    const k = nameOf(byId.get(id));
    self.set(k, (self.get(k) ?? 0) + us);
  }
  // inclusive time: a node's self plus its descendants'; a function counted once per stack
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [id, us] of selfUs) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = nameOf(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + us);
    }
  }
  const mb = bytes / 1e6;
  console.log(`${docs.length} files, ${mb.toFixed(2)} MB, ${findings} findings per pass; ${PASSES} passes, ${ms.toFixed(1)} ms per pass ` +
    `(${(mb / (ms / 1000)).toFixed(1)} MB/s, debug-named -O3 build, profiler on); sampled ${(total / 1000).toFixed(0)} ms`);
  console.log("\nTop functions by self time (share of the sampled time):");
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)} %  ${(us / 1000 / PASSES).toFixed(1).padStart(6)} ms/pass  ${k}`);
  }
  console.log("\nInclusive time per pass of landmarks:");
  const marks = [...incl.keys()].filter((k) => /^(executeValidator |runBatch |readResult |renderTemplate |assembly\/index\/|assembly\/lib\/json\/parse|assembly\/validators\/session-log\/json\/schema\/Schema#validate |assembly\/io\/Results#finish |~lib\/rt\/tcms\/__collect |~lib\/rt\/tcms\/__new |~lib\/rt\/tlsf\/__free |\(garbage collector\))/.test(k));
  for (const k of marks.sort((a, b) => incl.get(b) - incl.get(a)).slice(0, 15)) {
    console.log(`${(incl.get(k) / 1000 / PASSES).toFixed(1).padStart(8)} ms  ${k}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
