// Upstream's scripts/validate_memory_tier.py (lefthook `memory-tier`, ADR-017's tier checks) against the
// memory-index validator on today's upstream tree (AGENTCHECK_UPSTREAM, a checkout of rjmurillo/ai-agents):
// every kind of finding the script reports is one of the validator's rules, on the same files.
// The script imports markdown-it-py (AGENTCHECK_PYTHONPATH may name where it is installed); without it,
// without AGENTCHECK_UPSTREAM or without a Python 3.10+, the test skips and says why. The corpus trees
// are left out: they use the older layout (comma-separated name cells) that today's script reads as
// "broken references" (docs/upstream-checks.md).
import { describe, it, expect } from "vitest";
import { existsSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { runCli } from "../helpers.js";

const UPSTREAM = process.env.AGENTCHECK_UPSTREAM ?? "";
const SCRIPT = UPSTREAM && join(UPSTREAM, "scripts", "validate_memory_tier.py");
const PYTHON = ["/root/.pyenv/versions/3.11.7/bin/python3.11", "/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p)) ?? "";
const PYENV = { ...process.env, PYTHONPATH: [UPSTREAM, process.env.AGENTCHECK_PYTHONPATH ?? ""].filter(Boolean).join(":") };
const missing = !PYTHON ? "python3 not found" :
  !SCRIPT || !existsSync(SCRIPT) ? "AGENTCHECK_UPSTREAM does not name a checkout of rjmurillo/ai-agents with scripts/validate_memory_tier.py" :
  spawnSync(PYTHON, ["-c", "import markdown_it"], { env: PYENV }).status !== 0 ? "markdown-it-py is not importable (set AGENTCHECK_PYTHONPATH to where it is installed)" : "";
if (missing) console.warn(`tier-parity: skipped: ${missing}`);

const MEM = ".serena/memories";
const DRIVER = `
import json, sys
from pathlib import Path
from scripts.validate_memory_tier import validate_memory_tier
r = validate_memory_tier(Path(sys.argv[1]))
print(json.dumps({"errors": r.errors, "warnings": r.warnings}))
`;

/** The kind of an upstream message and the file it is about (relative to the memories folder). */
function kindOf(m: string): [string, string] {
  const file = m.split(/:(?: |\d)/)[0];
  if (m.includes("broken reference")) return ["missing", file];
  if (m.includes("non-table content")) return ["format", file];
  if (m.includes("path traversal")) return ["traversal", file];
  if (m.includes("deprecated 'skill-' prefix in reference")) return ["prefix", file];
  if (m.includes("orphaned file with deprecated 'skill-' prefix")) return ["skill-orphan", file];
  if (m.includes("domain index not referenced")) return ["unrouted", file];
  if (m.includes("atomic file not referenced")) return ["orphan", file];
  return ["other", m];
}
const RULE_KIND: Record<string, string> = {
  "MI-002": "missing", "MI-013": "missing", "MI-006": "format", "MI-007": "format", "MI-008": "format", "MI-009": "format",
  "MI-004": "traversal", "MI-014": "traversal", "MI-003": "prefix", "MI-015": "skill-orphan", "MI-012": "unrouted", "MI-103": "orphan",
};

describe.skipIf(missing !== "")("memory-tier parity: upstream's validate_memory_tier.py and the memory-index validator", () => {
  it("memory-tier: every check of the script is a memory-index rule, with the same files, on today's upstream tree", () => {
    const py = JSON.parse(execFileSync(PYTHON, ["-c", DRIVER, join(UPSTREAM, MEM)], { cwd: UPSTREAM, env: PYENV, encoding: "utf8", maxBuffer: 64 << 20 })) as { errors: string[]; warnings: string[] };
    const up = new Map<string, Set<string>>();
    for (const m of [...py.errors, ...py.warnings]) {
      const [k, f] = kindOf(m);
      if (!up.has(k)) up.set(k, new Set());
      up.get(k)!.add(f);
    }
    expect(up.has("other"), [...(up.get("other") ?? [])].join("\n")).toBe(false);
    const r = runCli(["memory-index", "--orphans", "warn", "--format", "json"], { cwd: UPSTREAM });
    expect(r.code, r.stderr).toBeLessThan(2);
    const ours = new Map<string, Set<string>>();
    const walk = (o: unknown): void => {
      if (Array.isArray(o)) o.forEach(walk);
      else if (o && typeof o === "object") {
        const f = o as { ruleId?: string; file?: string };
        const k = f.ruleId && RULE_KIND[f.ruleId];
        if (k && typeof f.file === "string") {
          if (!ours.has(k)) ours.set(k, new Set());
          ours.get(k)!.add(f.file.startsWith(`${MEM}/`) ? f.file.slice(MEM.length + 1) : f.file);
        }
        Object.values(o).forEach(walk);
      }
    };
    walk(JSON.parse(r.stdout));
    const kinds = new Set([...up.keys(), ...ours.keys()]);
    const figures: string[] = [];
    for (const k of [...kinds].sort()) {
      const a = [...(up.get(k) ?? [])].sort();
      const b = [...(ours.get(k) ?? [])].sort();
      expect(b, k).toEqual(a);
      figures.push(`${k} ${a.length}`);
    }
    console.log(`tier-parity ${UPSTREAM}: upstream ${py.errors.length} errors, ${py.warnings.length} warnings; the same files per kind: ${figures.join(", ") || "none"}`);
  }, 300_000);
});
