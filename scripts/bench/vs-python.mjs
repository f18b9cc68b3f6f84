// Side by side with the upstream Python validators (../shared/corpus/reference/python-efa406e9a):
// whole processes, alternating agentcheck / Python / floor on every round, medians of RUNS rounds
// (default 11; AGENTCHECK_BENCH_RUNS overrides). Every run goes through /usr/bin/time, so wall time,
// CPU time (user + sys) and peak RSS come from the same process. The ratio is Python / agentcheck:
// above 1.0 means agentcheck is faster. CPU medians are printed too: on a loaded machine they move
// less than wall times.
//
// Python is run by its interpreter binary, never through a launcher: `python3` on PATH may be a pyenv
// shim (a bash script costing ~140 ms before Python starts), which would flatter every ratio. The
// binary is `sys.executable` of the `python3` found on PATH, or AGENTCHECK_BENCH_PYTHON; it is printed
// with both floors. Each row also compares the work beyond each runtime's floor (agentcheck minus
// `node -e 0`, Python minus `python -c pass`, medians of the same rounds).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { BIN, CORPUS, HAS_CORPUS, median, table } from "./lib.mjs";

const RUNS = Number(process.env.AGENTCHECK_BENCH_RUNS ?? 11);
const EFA = join(CORPUS, "ai-agents-efa406e9a");
const MD = join(CORPUS, "ai-agents-109e737e7");
const PY = join(CORPUS, "reference", "python-efa406e9a");
const NODE = process.execPath;

/**
 * The reference interpreter's binary: AGENTCHECK_BENCH_PYTHON, else `sys.executable` of the python3 on
 * PATH (resolving a pyenv or other shim); undefined when there is none. `via` says how it was found.
 */
export function resolvePython(env = process.env) {
  const asked = env.AGENTCHECK_BENCH_PYTHON;
  const launcher = asked || "python3";
  const r = spawnSync(launcher, ["-c", "import sys; print(sys.executable)"], { encoding: "utf8", env });
  const exe = r.status === 0 ? r.stdout.trim() : "";
  if (!exe || !existsSync(exe)) return undefined;
  return { bin: realpathSync(exe), via: asked ? "AGENTCHECK_BENCH_PYTHON" : "sys.executable of python3 on PATH" };
}

function once(cmd, args, cwd) {
  const r = spawnSync("/usr/bin/time", ["-f", "@@%e %U %S %M", cmd, ...args], {
    cwd, encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: "1" },
  });
  const line = r.stderr.split("\n").filter((l) => l.startsWith("@@")).pop();
  if (!line) throw new Error(`no timing for ${cmd} ${args.join(" ")}: ${r.stderr.slice(-400)}`);
  const [e, u, s, m] = line.slice(2).split(" ").map(Number);
  return { wall: e * 1000, cpu: (u + s) * 1000, rss: m, status: r.status };
}

/** Runs each contender once per round, in turn, for RUNS rounds; medians per contender. */
function alternate(contenders) {
  return alternateN(RUNS, contenders);
}

function alternateN(runs, contenders) {
  const acc = contenders.map(() => ({ wall: [], cpu: [], rss: 0, status: [] }));
  for (let i = 0; i < runs; i++) {
    contenders.forEach((c, k) => {
      const t = once(c.cmd, c.args, c.cwd);
      acc[k].wall.push(t.wall);
      acc[k].cpu.push(t.cpu);
      acc[k].rss = Math.max(acc[k].rss, t.rss);
      acc[k].status.push(t.status);
    });
  }
  return acc.map((a) => ({ wall: median(a.wall), cpu: median(a.cpu), rss: a.rss, status: [...new Set(a.status)].join("/") }));
}

const f0 = (n) => n.toFixed(0);

/**
 * python3 arguments: one process that loads and validates every log with the validator module under
 * `root` (scripts/validate_session_json.py), `call` being the validate_session_log call on `d` (the
 * log's data, `p` its path); prints the number of invalid logs. A crash counts as invalid, as the
 * script's main() turns it into exit 2.
 */
function pyOverLogs(root, call, logs) {
  const body = [
    "import sys, pathlib",
    `sys.path.insert(0, ${JSON.stringify(root)})`,
    "from scripts.validate_session_json import load_session_file, validate_session_log",
    "bad = 0",
    "for p in sys.argv[1:]:",
    "    try:",
    "        d, e = load_session_file(pathlib.Path(p))",
    `        bad += 1 if e or not ${call}.is_valid else 0`,
    "    except Exception:",
    "        bad += 1",
    "print(bad)",
  ];
  return ["-c", body.join("\n"), ...logs];
}
/** A POSIX shell word. */
const shq = (w) => `'${String(w).replace(/'/g, "'\\''")}'`;
const ratio = (py, ac) => `${(py / ac).toFixed(2)}×`;

/** A table row: agentcheck's and Python's medians (alternate()) side by side, with the ratio. */
function sideBySide(work, a, p, target, floors) {
  const row = {
    work,
    agentcheck: `${f0(a.wall)} ms`,
    python: `${f0(p.wall)} ms`,
    "ratio py/ac": ratio(p.wall, a.wall),
    "beyond floor ac / py": "—",
    "ratio beyond floor": "—",
    "ac CPU": `${f0(a.cpu)} ms`,
    "py CPU": `${f0(p.cpu)} ms`,
    "ac RSS": `${(a.rss / 1024).toFixed(0)} MB`,
    target,
  };
  if (floors) {
    // the work each runtime does past its own start-up, from the same rounds
    const ac = Math.max(1, a.wall - floors.node.wall);
    const py = p.wall - floors.py.wall;
    row["beyond floor ac / py"] = `${f0(ac)} / ${f0(py)} ms`;
    row["ratio beyond floor"] = ratio(py, ac);
  }
  return row;
}

/** `target` for a ratio: the goal, and "missed" when the measured ratio is below it (never "met" below 1.0). */
function goal(text, value, min) {
  return `${text} — ${value >= min ? "met" : "missed"}`;
}

export async function run() {
  if (!HAS_CORPUS || !existsSync(PY)) {
    console.log("skipped: ../shared/corpus/reference/python-efa406e9a is not beside the project");
    return;
  }
  const python = resolvePython();
  if (!python) {
    console.log("skipped: no python3 interpreter (set AGENTCHECK_BENCH_PYTHON)");
    return;
  }
  const PYTHON = python.bin;
  const jsonLogs = readdirSync(join(EFA, ".agents", "sessions")).filter((f) => f.endsWith(".json")).sort();
  // one Python process over every JSON log, calling the reference module's own functions
  const pyJson = pyOverLogs(PY, "validate_session_log(d)", jsonLogs.map((f) => join(".agents", "sessions", f)));
  const val = join(PY, "scripts", "validation");
  const work = [
    {
      name: "memory-index (efa406e9a)",
      ac: { cmd: NODE, args: [BIN, "memory-index", "--format", "json"], cwd: EFA },
      py: { cmd: PYTHON, args: [join(val, "memory_index.py"), "--path", ".serena/memories", "--ci", "--format", "json"], cwd: EFA },
    },
    {
      name: "consistency --all",
      ac: { cmd: NODE, args: [BIN, "consistency", "--all", "--format", "json"], cwd: EFA },
      py: { cmd: PYTHON, args: [join(val, "consistency.py"), "--all", "--format", "json"], cwd: EFA },
    },
    {
      name: "traceability",
      ac: { cmd: NODE, args: [BIN, "traceability", "--format", "json"], cwd: EFA },
      py: { cmd: PYTHON, args: [join(val, "traceability.py"), "--format", "json"], cwd: EFA },
    },
    {
      name: `JSON session logs (${jsonLogs.length}, one call)`,
      ac: { cmd: NODE, args: [BIN, "session-log", ...jsonLogs.map((f) => join(".agents", "sessions", f)), "--format", "json"], cwd: EFA },
      py: { cmd: PYTHON, args: pyJson, cwd: EFA },
    },
  ];
  const floor = { cmd: NODE, args: ["-e", "0"], cwd: EFA };
  const pyFloor = { cmd: PYTHON, args: ["-c", "pass"], cwd: EFA };
  const rows = [];
  const [nf, pf, ver] = alternate([floor, pyFloor, { cmd: NODE, args: [BIN, "--version"], cwd: EFA }]);
  console.log(`Python interpreter: ${PYTHON} (${python.via}); node: ${NODE}\n`);
  rows.push({ work: "`node -e 0` / `python -c pass` (floors)", agentcheck: `${f0(nf.wall)} ms`, python: `${f0(pf.wall)} ms`, "ratio py/ac": "—", "beyond floor ac / py": "—", "ratio beyond floor": "—", "ac CPU": `${f0(nf.cpu)} ms`, "py CPU": `${f0(pf.cpu)} ms`, "ac RSS": `${(nf.rss / 1024).toFixed(0)} MB`, target: "" });
  rows.push({ work: "`agentcheck --version`", agentcheck: `${f0(ver.wall)} ms`, python: "—", "ratio py/ac": `${(ver.wall / nf.wall).toFixed(2)}× node`, "ac CPU": `${f0(ver.cpu)} ms`, "py CPU": "—", "ac RSS": `${(ver.rss / 1024).toFixed(0)} MB`, target: "≤ 1.25× node" });
  for (const w of work) {
    // each round: agentcheck, Python and both floors, so the beyond-floor figures share the rounds
    const [a, p, n, f] = alternate([w.ac, w.py, floor, pyFloor]);
    const json = w.name.startsWith("JSON");
    const beyond = (p.wall - f.wall) / Math.max(1, a.wall - n.wall);
    const target = json ? goal("≥ 20× whole process", p.wall / a.wall, 20) : `${goal("beyond floor ≥ 2×", beyond, 2)}; whole process ${p.wall / a.wall >= 1 ? "≥" : "<"} 1.0×`;
    rows.push(sideBySide(w.name, a, p, target, { node: n, py: f }));
  }
  // as a hook runs them: three Python processes one after another against one agentcheck process
  const three = work.slice(0, 3).map((w) => [w.py.cmd, ...w.py.args].map(shq).join(" ")).join("; ");
  {
    const [a, p] = alternate([
      { cmd: NODE, args: [BIN, "check", "--only", "memory-index,consistency,traceability", "--format", "json"], cwd: EFA },
      { cmd: "/bin/sh", args: ["-c", three], cwd: EFA },
    ]);
    rows.push(sideBySide("hook: memory-index + consistency + traceability (3 Python processes vs 1 `check --only`)", a, p, goal("≥ 3×", p.wall / a.wall, 3)));
  }
  const md = join(MD, ".agents", "sessions");
  if (existsSync(md)) {
    const [a, n] = alternate([{ cmd: NODE, args: [BIN, "session-log", ".agents/sessions", "--format", "json", "--now", "2026-11-01T00:00:00Z"], cwd: MD }, floor]);
    rows.push({ work: "356 markdown logs (109e737e7)", agentcheck: `${f0(a.wall)} ms`, python: "—", "ratio py/ac": `node + ${f0(a.wall - n.wall)} ms`, "ac CPU": `${f0(a.cpu)} ms`, "py CPU": "—", "ac RSS": `${(a.rss / 1024).toFixed(0)} MB`, target: "≤ node + 150 ms" });
  }
  rows.push(...upstreamRows(PYTHON));
  console.log(`${RUNS} alternating rounds; medians; ratio = Python wall / agentcheck wall (> 1 = agentcheck faster)\n`);
  table(rows);
}

/**
 * Today's upstream tree, side by side with today's upstream validator (issue 13's "record mode" row:
 * 1,464 JSON logs, the Python validator in one process). Optional: AGENTCHECK_BENCH_UPSTREAM names a
 * checkout of rjmurillo/ai-agents (its scripts/validate_session_json.py needs python3-jsonschema).
 * Each log is validated as a committed record (`existing_log=True`, agentcheck `--mode record`), in
 * one process each. Fewer rounds (AGENTCHECK_BENCH_UPSTREAM_RUNS, default 5): Python takes seconds.
 */
function upstreamRows(PYTHON) {
  const up = process.env.AGENTCHECK_BENCH_UPSTREAM;
  if (!up) return [];
  const script = join(up, "scripts", "validate_session_json.py");
  const sessions = join(up, ".agents", "sessions");
  const skip = (why) => [{ work: "today's upstream JSON logs", agentcheck: "—", python: "—", "ratio py/ac": "—", "ac CPU": "—", "py CPU": "—", "ac RSS": "—", target: `skipped: ${why}` }];
  if (!existsSync(script) || !existsSync(sessions)) return skip(`${up} has no scripts/validate_session_json.py or .agents/sessions`);
  if (spawnSync(PYTHON, ["-c", "import jsonschema"]).status !== 0) return skip(`${PYTHON} has no jsonschema`);
  const logs = readdirSync(sessions).filter((f) => f.endsWith(".json")).sort().map((f) => join(".agents", "sessions", f));
  const head = spawnSync("git", ["-C", up, "rev-parse", "--short=9", "HEAD"], { encoding: "utf8" }).stdout.trim();
  const py = pyOverLogs(up, "validate_session_log(d, existing_log=True, session_log=p)", logs);
  const runs = Number(process.env.AGENTCHECK_BENCH_UPSTREAM_RUNS ?? 5);
  const [a, p, n] = alternateN(runs, [
    { cmd: NODE, args: [BIN, "session-log", ...logs, "--mode", "record", "--format", "json"], cwd: up },
    { cmd: PYTHON, args: py, cwd: up },
    { cmd: NODE, args: ["-e", "0"], cwd: up },
  ]);
  return [sideBySide(`today's upstream (${head}): ${logs.length} JSON logs, record mode, one process`, a, p, `≥ 20× (node floor ${f0(n.wall)} ms)`)];
}
