// Issue 12 item 3 "One host pipeline": one git layer (src/git-run.ts) and no second copy of the scope.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { git, makeRepo, ROOT, runCli, writeTree } from "../helpers.js";

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      if (n !== "generated") out.push(...sources(p));
    } else if (n.endsWith(".ts")) out.push(p);
  }
  return out;
}

const SRC = sources(join(ROOT, "src")).map((p) => ({ file: relative(ROOT, p).split("\\").join("/"), text: readFileSync(p, "utf8") }));

describe("issue 12 item 3: one git facts provider", () => {
  it("no module but src/git-run.ts spawns git, and nothing imports simple-git", () => {
    const spawnsGit = SRC.filter((s) => s.file !== "src/git-run.ts" && /(spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*["'`]git\b/.test(s.text)).map((s) => s.file);
    expect(spawnsGit).toEqual([]);
    const simpleGit = SRC.filter((s) => /from\s+["']simple-git["']|import\(\s*["']simple-git["']\s*\)/.test(s.text)).map((s) => s.file);
    expect(simpleGit).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain("simple-git");
  });
});

describe("issue 12 item 3: one scope module", () => {
  it("one name-status parser and one base-ref order (src/scope.ts)", () => {
    const parsers = SRC.filter((s) => /function parseNameStatus(All)?\b/.test(s.text)).map((s) => s.file);
    expect(parsers).toEqual(["src/scope.ts"]);
    const orders = SRC.filter((s) => /["']origin\/master["']/.test(s.text)).map((s) => s.file);
    expect(orders).toEqual(["src/scope.ts"]);
  });
});

describe("issue 12 item 3: one bounded read", () => {
  it("repository files are read only through src/fsread.ts (readFileSync is left to package files, stdin and lock descriptors)", () => {
    const direct = SRC.filter((s) => /\breadFileSync\(/.test(s.text)).map((s) => s.file).sort();
    expect(direct).toEqual([
      "src/commands/phase.ts", // stdin (fd 0)
      "src/commands/pre-pr.ts", // stdin (fd 0)
      "src/prepr/mdversion.ts", // markdownlint's own package.json
      "src/state/lock-owner.ts", // /proc/<pid>/stat, boot_id (the identity of a lock's owner), never the repository
      "src/state/store.ts", // lock files, through an fd opened O_NOFOLLOW | O_NONBLOCK
      "src/version.ts", // agentcheck's package.json
    ]);
  });

  it("AC-900 through readArtifact: a staged session log over --max-file-size in a pre-commit run", () => {
    const log = ".agents/sessions/2026-01-01-session-1.md";
    const dir = makeRepo({ "README.md": "x\n" });
    writeTree(dir, { [log]: `# Session 1\n\n${"text ".repeat(400)}\n` });
    git(dir, "add", "-A");
    const r = runCli(["session-log", "--context", "pre-commit", "--max-file-size", "200", "--format", "json"], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    const res = (JSON.parse(r.stdout) as { results: { file: string; findings: { ruleId: string }[] }[] }).results;
    expect(res.find((x) => x.file === log)?.findings.map((f) => f.ruleId)).toEqual(["AC-900"]);
  });
});

describe("issue 12 semantic twins", () => {
  it("the session mode type is declared once (src/scope.ts SESSION_MODES)", () => {
    const decl = SRC.filter((s) => /"full"\s*\|\s*"creation"\s*\|\s*"record"|\["full",\s*"creation",\s*"record"\]|full:\s*0,\s*creation:\s*1/.test(s.text)).map((s) => s.file);
    expect(decl).toEqual(["src/scope.ts"]);
  });
});
