// The TS<->WASM interface contract (contract/interface.json): the generated files are current, both
// sides carry the same constants, and scripts/check-contract.mjs fails on undeclared or unused keys.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as contract from "../../dist/wasm/contract.js";
import { ROOT } from "../helpers.js";

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
const interfaceJson = JSON.parse(readFileSync(join(ROOT, "contract", "interface.json"), "utf8"));

/** A copy of the parts of the repository the contract check reads (assembly/, src/, test/, contract/). */
function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), "agentcheck-contract-"));
  for (const d of ["assembly", "src", "test", "contract"]) cpSync(join(ROOT, d), join(dir, d), { recursive: true, filter: (p) => !p.includes("node_modules") && !p.endsWith(".wasm") });
  rmSync(join(dir, "test", "wasm", "contract.integration.test.ts")); // it names the probe keys itself
  return dir;
}

describe("interface contract", () => {
  it("assembly/abi.ts and src/wasm/contract.ts are generated from contract/interface.json and not stale", () => {
    const r = node(["scripts/gen-abi.mjs", "--check"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("every constant of assembly/abi.ts has the host's value (layout, kinds, flags)", () => {
    const src = readFileSync(join(ROOT, "assembly", "abi.ts"), "utf8");
    const as = new Map([...src.matchAll(/^export const (\w+): i32 = (-?\d+);/gm)].map((m) => [m[1], Number(m[2])]));
    const host = new Map<string, number>();
    for (const n of ["ABI_VERSION", "DOC_RECORD_I32S", "HEADER_I32S", "FINDING_I32S", "DATA_I32S", "PAIR_I32S"] as const) host.set(n, contract[n]);
    contract.SEVERITIES.forEach((s, i) => host.set(`SEV_${s.toUpperCase()}`, i));
    contract.DOC_STATUSES.forEach((s, i) => host.set(`DOC_${s.toUpperCase()}`, i));
    for (const [n, v] of Object.entries(contract.STATUS)) host.set(`STATUS_${n}`, v);
    for (const [n, v] of Object.entries(contract.KIND)) host.set(`KIND_${n}`, v);
    for (const [g, values] of Object.entries(contract.FLAGS)) {
      for (const [n, v] of Object.entries(values)) host.set(`${interfaceJson.flags[g].prefix}${n}`, v as number);
    }
    expect(as.size).toBeGreaterThan(60);
    expect(Object.fromEntries(as)).toEqual(Object.fromEntries(host));
  });

  it("the key check passes on this tree", () => {
    const r = node(["scripts/check-contract.mjs"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("the key check fails on an undeclared fact key, an undeclared data key, a declared key nobody reads and a use by an unlisted validator", () => {
    const dir = copyTree();
    try {
      const rule = join(dir, "assembly", "validators", "session-log", "SP-039.ts");
      writeFileSync(rule, readFileSync(rule, "utf8") + '\nexport function probe(input: Input, results: Results, doc: Doc): void {\n  input.fact("notDeclared");\n  results.put(doc, "noSuchData", "1");\n}\n');
      const c = JSON.parse(readFileSync(join(dir, "contract", "interface.json"), "utf8"));
      c.facts["unusedFact"] = { type: "string", validators: ["session-log"], meaning: "nobody reads it" };
      c.data["mode"].validators = ["session-log"]; // session-state attaches it too
      writeFileSync(join(dir, "contract", "interface.json"), JSON.stringify(c));
      const r = node([join(ROOT, "scripts", "check-contract.mjs"), dir]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('fact key "notDeclared" is not declared');
      expect(r.stderr).toContain('data key "noSuchData" is not declared');
      expect(r.stderr).toContain('fact "unusedFact" is declared but the core never reads it');
      expect(r.stderr).toContain('fact "unusedFact" is declared but the host never names it');
      expect(r.stderr).toContain('data key "mode" is used by session-state, which its declaration does not list');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a stale generated file fails the --check", () => {
    const dir = copyTree();
    try {
      cpSync(join(ROOT, "scripts"), join(dir, "scripts"), { recursive: true });
      const c = JSON.parse(readFileSync(join(dir, "contract", "interface.json"), "utf8"));
      c.kinds.FACT.meaning = "changed";
      writeFileSync(join(dir, "contract", "interface.json"), JSON.stringify(c));
      const r = spawnSync(process.execPath, [join(dir, "scripts", "gen-abi.mjs"), "--check"], { cwd: dir, encoding: "utf8" });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("stale generated contract files");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("interface contract: the host's Facts type", () => {
  it("accepts declared fact keys (parameterised ones too) and rejects an undeclared one at compile time", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentcheck-facts-"));
    try {
      const probe = join(dir, "probe.ts");
      writeFileSync(probe, [
        `import type { Facts } from ${JSON.stringify(join(ROOT, "dist", "engine.js"))};`,
        `export const ok: Facts = { staged: ["a.md"], "git.commit.abc1234": ["missing"], "option.SP-010.x": 1, "severity.mode": "strict" };`,
        `export const bad: Facts = { notDeclaredAnywhere: "1" };`,
        "",
      ].join("\n"));
      const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--typeRoots", join(ROOT, "node_modules", "@types"), "--types", "node", probe], { cwd: dir, encoding: "utf8" });
      const errors = r.stdout.split("\n").filter((l) => l.includes("error TS"));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("probe.ts(3,");
      expect(errors[0]).toContain("notDeclaredAnywhere");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
