// Issue 34 items 2, 3 and 6 against regression: one scope module, each shared constant declared in one
// file of src/ (SESSIONS_DIR once had two values under one name; src/prepr/scope.ts its own ChangeStatus),
// and CONTRIBUTING's data path of `check` naming files that exist.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "src");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (relative(SRC, p) !== join("wasm", "generated")) out.push(...sources(p));
    } else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out;
}

/** The files of src/ declaring `name` (const, let, type, interface, function), repo-relative. */
function declaring(name: string): string[] {
  const re = new RegExp(`^\\s*(export\\s+)?(declare\\s+)?((const|let|var|interface|function|async function|enum|class)\\s+${name}\\b|type\\s+${name}\\s*[=<])`, "m");
  return sources(SRC).filter((f) => re.test(readFileSync(f, "utf8"))).map((f) => relative(ROOT, f).split("\\").join("/")).sort();
}

describe("issue 34 item 3: constants declared once", () => {
  it.each(["QA_DIR", "HANDOFF_FILE", "MANIFEST_SESSIONS_DIR", "DEFAULT_PATHS", "SESSIONS_DIR", "SESSION_CONTEXTS", "SESSION_MODES"])(
    "DECL-01 %s is declared in at most one file of src/",
    (name) => {
      expect(declaring(name).length).toBeLessThanOrEqual(1);
    },
  );

  it("DECL-02 the declared-once names are found where they live (the scan is not blind)", () => {
    expect(declaring("QA_DIR")).toEqual(["src/config-paths.ts"]);
    expect(declaring("ChangeStatus")).toEqual(["src/scope.ts"]);
  });
});

describe("issue 34 item 2: one scope module", () => {
  it("SCOPE-01 ChangeStatus, RunScope and the scope functions are declared in src/scope.ts alone; src/prepr/scope.ts is gone", () => {
    for (const name of ["ChangeStatus", "RunScope", "computeScope", "changedScope", "stagedScope", "filesScope", "resolveBaseRef"]) {
      expect(declaring(name), name).toEqual(["src/scope.ts"]);
    }
    expect(existsSync(join(SRC, "prepr", "scope.ts"))).toBe(false);
  });
});

describe("issue 34 item 6: CONTRIBUTING's data path of `check`", () => {
  it("DATAPATH-01 the diagram exists and every file it names exists", () => {
    const doc = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8");
    const start = doc.indexOf("## The data path of one command: `check`");
    expect(start).toBeGreaterThanOrEqual(0);
    const section = doc.slice(start, doc.indexOf("\n## ", start + 1));
    const named = [...new Set([...section.matchAll(/\b((?:src|bin|test)\/[\w./-]+\.(?:ts|js))\b/g)].map((m) => m[1]))];
    expect(named).toContain("src/commands/check.ts");
    expect(named.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });
});
