// Issue 34 items 2 and 3 against regression: one scope module, and each shared constant declared in one
// file of src/ (SESSIONS_DIR once had two values under one name; src/prepr/scope.ts its own ChangeStatus).
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
