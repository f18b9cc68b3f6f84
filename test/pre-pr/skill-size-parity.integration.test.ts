// SFM-11 (skill size) against upstream's own scripts/validation/skill_size.py (lefthook `skill-size`),
// run by a Python interpreter on the same SKILL.md files: its `check_skill_size` per file, taken from
// AGENTCHECK_UPSTREAM (a checkout of today's rjmurillo/ai-agents), on the corpus
// (../shared/corpus/ai-agents-efa406e9a) and on that checkout. Without AGENTCHECK_UPSTREAM or a
// Python 3.10+, the test skips and says why. Parity: every file's line and byte counts (SFM-11 with
// every limit at 0 reports both), and the verdicts with the defaults: upstream's failures are SFM-11's
// errors, its warnings SFM-11's warnings.
import { describe, it, expect } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { CORPUS } from "../helpers.js";
import { family, ROLE } from "./helpers.js";

const UPSTREAM = process.env.AGENTCHECK_UPSTREAM ?? "";
const SCRIPT = UPSTREAM && join(UPSTREAM, "scripts", "validation", "skill_size.py");
const PYTHON = ["/root/.pyenv/versions/3.11.7/bin/python3.11", "/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p)) ?? "";
const SKILL_TREES = [".claude/skills", "src/copilot-cli/skills"]; // upstream's _SKILL_TREE_PREFIXES
const TREES = [join(CORPUS, "ai-agents-efa406e9a"), UPSTREAM].filter((t) => t && SKILL_TREES.some((s) => existsSync(join(t, s))));
const missing = !PYTHON ? "python3 not found" :
  !SCRIPT || !existsSync(SCRIPT) ? "AGENTCHECK_UPSTREAM does not name a checkout of rjmurillo/ai-agents with scripts/validation/skill_size.py" :
  TREES.length === 0 ? "no tree with SKILL.md files to compare on" : "";
if (missing) console.warn(`skill-size-parity: skipped: ${missing}`);

/** Every regular SKILL.md below the skill trees (links not followed), sorted. */
function skillFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name === "SKILL.md") out.push(p);
    }
  };
  for (const s of SKILL_TREES) if (existsSync(join(root, s))) walk(s);
  return out.sort();
}

const DRIVER = `
import importlib.util, json, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("skill_size", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
sys.modules["skill_size"] = mod
spec.loader.exec_module(mod)
out = []
for f in json.load(sys.stdin):
    r = mod.check_skill_size(Path(f))
    out.append([f, r.line_count, r.byte_count, r.passed, r.warning, r.has_exception])
print(json.dumps(out))
`;

describe.skipIf(missing !== "")("SFM-11 parity with upstream's skill_size.py (lefthook skill-size)", () => {
  for (const tree of TREES) {
    it(`skill-size: the same line and byte counts and verdicts on ${/ai-agents-(\w+)$/.exec(tree) ? `the corpus (${/ai-agents-(\w+)$/.exec(tree)![1]})` : "today's upstream tree"}`, () => {
      const files = skillFiles(tree);
      const py = JSON.parse(execFileSync(PYTHON, ["-c", DRIVER, SCRIPT], { cwd: tree, input: JSON.stringify(files), encoding: "utf8", maxBuffer: 64 << 20 })) as
        [string, number, number, boolean, boolean, boolean][];
      const docs = files.map((name) => ({ name, role: ROLE.skill, text: readFileSync(join(tree, name)) }));
      const zero = { "option.SFM-11.maxLines": 0, "option.SFM-11.warnLines": 0, "option.SFM-11.maxBytes": 0, "option.SFM-11.warnBytes": 0 };
      const counts = new Map<string, [number, number]>(files.map((f) => [f, [-1, -1]]));
      const num = (m: string) => Number(/^(\d+)/.exec(m)?.[1] ?? NaN);
      for (const h of family("sfm", docs, zero)) {
        if (h.ruleId !== "SFM-11" || /^`size-exception/.test(h.message)) continue;
        const c = counts.get(h.file)!;
        if (/ lines /.test(h.message)) c[0] = num(h.message);
        else c[1] = num(h.message);
      }
      const errors = new Set<string>();
      const warnings = new Set<string>();
      for (const h of family("sfm", docs)) {
        if (h.ruleId !== "SFM-11") continue;
        (h.severity === "error" ? errors : warnings).add(h.file);
      }
      let agree = 0;
      const upFail = new Set<string>();
      const upWarn = new Set<string>();
      for (const [f, lines, bytes, passed, warning] of py) {
        expect(counts.get(f), f).toEqual([lines, bytes]);
        agree++;
        if (!passed) upFail.add(f);
        else if (warning) upWarn.add(f);
      }
      expect([...errors].sort()).toEqual([...upFail].sort());
      // a file with an error may carry SFM-11 warnings too (another dimension); upstream calls it failed
      expect([...warnings].filter((f) => !errors.has(f)).sort()).toEqual([...upWarn].sort());
      const excepted = py.filter((p) => p[5]).length;
      console.log(`skill-size-parity ${tree}: ${files.length} SKILL.md; counts agree on ${agree}; ${upFail.size} failing, ${upWarn.size} warned (both); ${excepted} with size-exception`);
    }, 300_000);
  }
});
