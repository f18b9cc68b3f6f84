// SKB-01, CMD-01 and TOK-04 against upstream's own scripts, run by a Python interpreter on the same
// files, taken from AGENTCHECK_UPSTREAM (a checkout of today's rjmurillo/ai-agents):
//   scripts/skill_description_budget.py        measure_skill per `.claude/skills/*/SKILL.md` (PyYAML)
//   scripts/validation/command_size.py         check_command_size per file
//   scripts/validation/passive_context_budget.py  measure_file (token_budget.estimate_token_count)
// on the corpus (../shared/corpus/ai-agents-efa406e9a) and on that checkout. Without
// AGENTCHECK_UPSTREAM or a Python 3.10+ the tests skip and say why. Parity: every skill's description
// length and the budget verdict; every command file's line count and verdict (and, as a wider sample of
// the same function, every other markdown file below .claude/); every always-loaded file's token
// estimate and verdict (and the estimate of every markdown file below .claude/ as a wider sample).
import { describe, it, expect } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { executeValidator, type Facts } from "../../dist/engine.js";
import { KIND, PREPR_ROLE as ROLE } from "../../dist/wasm/abi.js";
import { CORPUS } from "../helpers.js";

const UPSTREAM = process.env.AGENTCHECK_UPSTREAM ?? "";
const PYTHON = ["/root/.pyenv/versions/3.11.7/bin/python3.11", "/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p)) ?? "";
const SCRIPTS = {
  skb: UPSTREAM && join(UPSTREAM, "scripts", "skill_description_budget.py"),
  cmd: UPSTREAM && join(UPSTREAM, "scripts", "validation", "command_size.py"),
  pctx: UPSTREAM && join(UPSTREAM, "scripts", "validation", "passive_context_budget.py"),
};
const TREES = [join(CORPUS, "ai-agents-efa406e9a"), UPSTREAM].filter((t) => t && existsSync(join(t, ".claude")));
const missing = !PYTHON ? "python3 not found" :
  Object.values(SCRIPTS).some((s) => !s || !existsSync(s)) ? "AGENTCHECK_UPSTREAM does not name a checkout of rjmurillo/ai-agents with skill_description_budget.py, command_size.py and passive_context_budget.py" :
  TREES.length === 0 ? "no tree with a .claude folder to compare on" : "";
if (missing) console.warn(`upstream-budgets-parity: skipped: ${missing}`);

const label = (tree: string) => (/ai-agents-(\w+)$/.exec(tree) ? `the corpus (${/ai-agents-(\w+)$/.exec(tree)![1]})` : "today's upstream tree");

/** Regular `*.md` files below `rel` (links not followed), sorted. */
function markdown(root: string, rel: string, out: string[] = []): string[] {
  if (!existsSync(join(root, rel))) return out;
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const p = `${rel}/${e.name}`;
    if (e.isDirectory()) markdown(root, p, out);
    else if (e.isFile() && e.name.endsWith(".md")) out.push(p);
  }
  return out.sort();
}

function python(driver: string, script: string, tree: string, input: unknown): unknown {
  return JSON.parse(execFileSync(PYTHON, ["-c", driver, script], { cwd: tree, input: JSON.stringify(input), encoding: "utf8", maxBuffer: 64 << 20 }));
}

interface Row { file: string; data: Record<string, string>; findings: { ruleId: string; severity: string; message: string }[] }
function core(fam: string, tree: string, files: string[], role: number, facts: Facts = {}): Map<string, Row> {
  const out = executeValidator("pre-pr", files.map((f) => ({ file: f, kind: KIND.PREPR_FILE, flags: role, bytes: readFileSync(join(tree, f)) })), { ...facts, family: fam });
  if (out.internalErrors.length) throw new Error(out.internalErrors.join("; "));
  return new Map(out.results.map((r) => [r.file, { file: r.file, data: (r.data ?? {}) as Record<string, string>, findings: r.findings }]));
}

const LOAD = `
import importlib.util, json, sys
from pathlib import Path
def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod
mod = load("upstream_check", sys.argv[1])
`;

describe.skipIf(missing !== "")("SKB-01 parity with upstream's skill_description_budget.py (CI skill-passive-compliance)", () => {
  const DRIVER = `${LOAD}
out = []
for f in json.load(sys.stdin):
    r = mod.measure_skill(Path(f))
    out.append([f, None if r is None else r.chars])
print(json.dumps(out))
`;
  for (const tree of TREES) {
    it(`skill_description_budget: every description's length and the 40,000-character verdict on ${label(tree)}`, () => {
      const files = readdirSync(join(tree, ".claude/skills"), { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(join(tree, ".claude/skills", e.name, "SKILL.md")))
        .map((e) => `.claude/skills/${e.name}/SKILL.md`).sort();
      const py = python(DRIVER, SCRIPTS.skb, tree, files) as [string, number | null][];
      const ours = core("skb", tree, files, ROLE.skill);
      let agree = 0;
      let without = 0;
      let total = 0;
      for (const [f, chars] of py) {
        const n = ours.get(f)?.data.descriptionChars;
        expect(n === undefined ? null : Number(n), f).toBe(chars);
        agree++;
        if (chars === null) without++;
        else total += chars;
      }
      const finding = [...ours.values()].flatMap((r) => r.findings).filter((h) => h.ruleId === "SKB-01");
      expect(finding.length).toBe(total > 40000 ? 1 : 0);
      console.log(`skb-parity ${tree}: ${files.length} skills, ${agree} agree (${without} without a description both), total ${total} characters, over 40,000: ${total > 40000}`);
    }, 300_000);
  }
});

describe.skipIf(missing !== "")("CMD-01 parity with upstream's command_size.py (lefthook command-size)", () => {
  const DRIVER = `${LOAD}
out = []
for f in json.load(sys.stdin):
    try:
        r = mod.check_command_size(f)
        out.append([f, r.line_count, r.passed, r.warning, mod.has_size_exception(Path(f).read_text(encoding="utf-8"))])
    except UnicodeDecodeError:
        out.append([f, None, None, None, None])
print(json.dumps(out))
`;
  for (const tree of TREES) {
    it(`command-size: the same line counts and verdicts on every command file of ${label(tree)}, and on every other markdown file below .claude/`, () => {
      const commands = markdown(tree, ".claude/commands");
      const files = markdown(tree, ".claude");
      const py = python(DRIVER, SCRIPTS.cmd, tree, files) as [string, number | null, boolean, boolean, boolean][];
      const ours = core("cmd", tree, files, ROLE.command);
      const tally = { agree: 0, failing: 0, warned: 0, excepted: 0, commandsFailing: 0, commandsWarned: 0, notText: 0 };
      for (const [f, lines, passed, warning, exception] of py) {
        const o = ours.get(f)!;
        if (lines === null) {
          // upstream raises on what it cannot decode; agentcheck reports it (AC-002)
          expect(o.findings.some((h) => h.ruleId === "AC-002"), f).toBe(true);
          tally.notText++;
          continue;
        }
        expect(Number(o.data.lines), f).toBe(lines);
        const sev = o.findings.filter((h) => h.ruleId === "CMD-01").map((h) => h.severity);
        expect(sev, f).toEqual(!passed ? ["error"] : warning ? ["warning"] : []);
        tally.agree++;
        if (!passed) tally.failing++;
        else if (warning) tally.warned++;
        if (exception) tally.excepted++;
        if (commands.includes(f) && !passed) tally.commandsFailing++;
        if (commands.includes(f) && passed && warning) tally.commandsWarned++;
      }
      console.log(`cmd-parity ${tree}: ${commands.length} command files (${tally.commandsFailing} failing, ${tally.commandsWarned} warned, both); ` +
        `${files.length} markdown files below .claude/: ${tally.agree} agree, ${tally.failing} failing, ${tally.warned} warned, ${tally.excepted} with size-exception; ${tally.notText} not UTF-8`);
    }, 300_000);
  }
});

describe.skipIf(missing !== "")("TOK-04 parity with upstream's passive_context_budget.py (CI passive-context-budget)", () => {
  const DRIVER = `${LOAD}
out = []
for f in json.load(sys.stdin):
    r = mod.measure_file(Path("."), f, 1)
    out.append([f, r.exists, r.estimated_tokens])
print(json.dumps(out))
`;
  const DEFAULTS: [string, number][] = [["AGENTS.md", 2000], ["CLAUDE.md", 2000], [".claude/CLAUDE.md", 4000]];
  for (const tree of TREES) {
    it(`passive_context_budget: the same estimates and verdicts for the always-loaded files of ${label(tree)}, and the same estimate for every markdown file below .claude/`, () => {
      const present = DEFAULTS.filter(([f]) => existsSync(join(tree, f)));
      const sample = [...new Set([...present.map(([f]) => f), ...markdown(tree, ".claude")])];
      const py = python(DRIVER, SCRIPTS.pctx, tree, sample) as [string, boolean, number][];
      const budgets = sample.map((f) => `${f}:${DEFAULTS.find(([d]) => d === f)?.[1] ?? 1_000_000_000 - 1}`);
      const ours = core("pctx", tree, sample, ROLE.passiveContext, { "option.TOK-04.budgets": budgets });
      let agree = 0;
      const off: string[] = [];
      for (const [f, exists, tokens] of py) {
        expect(exists, f).toBe(true);
        const t = Number(ours.get(f)!.data.tokens);
        if (t === tokens) agree++;
        else off.push(`${f}: upstream ${tokens}, TOK-04 ${t}`);
      }
      const verdicts = present.map(([f, max]) => {
        const up = py.find((p) => p[0] === f)![2] > max;
        const o = ours.get(f)!.findings.some((h) => h.ruleId === "TOK-04");
        return `${f} ${py.find((p) => p[0] === f)![2]}/${max} ${up ? "over" : "within"} (TOK-04 ${o ? "over" : "within"})`;
      });
      for (const [f, max] of present) expect(ours.get(f)!.findings.some((h) => h.ruleId === "TOK-04"), f).toBe(py.find((p) => p[0] === f)![2] > max);
      console.log(`pctx-parity ${tree}: ${verdicts.join("; ")}; estimates equal on ${agree} of ${sample.length} files${off.length ? `; differ: ${off.slice(0, 10).join(", ")}` : ""}`);
      expect(off).toEqual([]);
    }, 300_000);
  }
});
