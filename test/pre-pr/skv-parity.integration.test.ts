// SKV-01 (Detect-SkillViolation) against upstream's own scripts/detect_skill_violation.py, run by its
// interpreter on the same files: the ai-agents corpus (../shared/corpus/ai-agents-efa406e9a) and a
// checkout of today's upstream (AGENTCHECK_UPSTREAM, e.g. rjmurillo/ai-agents at 70241a006). The
// script comes from AGENTCHECK_UPSTREAM (the corpus holds it as an empty placeholder); without it,
// or without python3, the test skips and says why. Parity: the same files flagged, and upstream's
// one line per file is among SKV-01's lines (SKV-01 reports every line: docs/upstream-checks.md).
import { describe, it, expect } from "vitest";
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { CORPUS } from "../helpers.js";
import { family, ROLE } from "./helpers.js";

const UPSTREAM = process.env.AGENTCHECK_UPSTREAM ?? "";
const SCRIPT = UPSTREAM && join(UPSTREAM, "scripts", "detect_skill_violation.py");
const PYTHON = ["/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p)) ?? "";
const TREES = [join(CORPUS, "ai-agents-efa406e9a"), UPSTREAM].filter((t) => t && existsSync(t));
const missing = !PYTHON ? "python3 not found in /usr/bin or /usr/local/bin" :
  !SCRIPT || !existsSync(SCRIPT) ? "AGENTCHECK_UPSTREAM does not name a checkout of rjmurillo/ai-agents with scripts/detect_skill_violation.py" :
  TREES.length === 0 ? "no tree to compare on" : "";
if (missing) console.warn(`skv-parity: skipped: ${missing}`);

// upstream's extensions and the folders its walk prunes (SKIP_DIRS); links are not followed
const EXTS = [".md", ".py", ".ps1", ".psm1"];
const SKIP_DIRS = new Set([".git", ".wt", ".worktrees", "node_modules", ".venv", "venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "worktrees"]);
function walk(root: string, rel = "", out: string[] = []): string[] {
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory() && !SKIP_DIRS.has(e.name)) walk(root, p, out);
    else if (e.isFile() && EXTS.some((x) => e.name.endsWith(x))) out.push(p);
  }
  return out;
}

// the upstream module's own functions, on the file list given on stdin (one JSON array)
const DRIVER = `
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from scripts.detect_skill_violation import detect_violations
files = json.load(sys.stdin)
print(json.dumps([[v.file, v.line] for v in detect_violations(Path(sys.argv[2]).resolve(), files)]))
`;

describe.skipIf(missing !== "")("SKV-01 parity with upstream's detect_skill_violation.py", () => {
  for (const tree of TREES) {
    it(`Detect-SkillViolation: the same files flagged on ${tree.includes("ai-agents-efa406e9a") ? "the corpus (efa406e9a)" : "today's upstream tree"}`, () => {
      const files = walk(tree).sort();
      const py = JSON.parse(execFileSync(PYTHON, ["-c", DRIVER, UPSTREAM, tree], { input: JSON.stringify(files), encoding: "utf8", maxBuffer: 64 << 20 })) as [string, number][];
      const docs = files.filter((f) => !lstatSync(join(tree, f)).isSymbolicLink()).map((name) => ({ name, role: ROLE.skillScan, text: readFileSync(join(tree, name)) }));
      const hits = family("skv", docs, { "option.SKV-01.skillsDir": ".claude/skills/github/scripts", "option.SKV-01.maxPerFile": 1_000_000 });
      const ours = new Map<string, number[]>();
      const notText = new Set<string>();
      for (const h of hits) {
        if (h.ruleId === "SKV-01") ours.set(h.file, [...(ours.get(h.file) ?? []), h.line]);
        else if (h.ruleId === "AC-002") notText.add(h.file); // upstream skips what it cannot decode (a deviation)
      }
      const upstreamFiles = py.map(([f]) => f).sort();
      // deviation: a file that is not UTF-8 is AC-002 here, skipped upstream
      expect([...ours.keys()].sort()).toEqual(upstreamFiles.filter((f) => !notText.has(f)));
      for (const [f, line] of py) if (!notText.has(f)) expect(ours.get(f), f).toContain(line);
      const lines = [...ours.values()].reduce((n, l) => n + l.length, 0);
      console.log(`skv-parity ${tree}: ${files.length} files, upstream flags ${py.length} (one line each), SKV-01 flags ${ours.size} files on ${lines} lines, ${notText.size} not UTF-8`);
    }, 120_000);
  }
});
