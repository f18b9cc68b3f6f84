// pre-pr's caches end to end: cold (--no-cache), one or two lint workers, and warm runs give the
// same rows and findings; an edited file is validated again.
import { describe, it, expect } from "vitest";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeRepo, runCli } from "../helpers.js";

interface Row { id: string; status: string; message: string; findings: { ruleId: string; path: string; line: number; message: string }[] }

function files(): Record<string, string> {
  const out: Record<string, string> = { ".markdownlint.json": '{ "MD013": false }\n' };
  // enough text for the parallel lint (over 256 KiB), with findings in some files
  const filler = `${"Some text that is long enough to count.\n".repeat(40)}\n`;
  for (let i = 0; i < 10; i++) {
    out[`docs/d${String(i).padStart(2, "0")}.md`] = `# Doc ${i}\n\n${filler.repeat(18)}${i % 5 === 0 ? "```\nno language\n```\n\n" : ""}${i % 7 === 0 ? "see /home/me/x\n\n" : ""}The end.\n`;
  }
  out[".agents/sessions/2025-01-01-session-01.json"] = '{"session": {"number": 1, "date": "2025-01-01", "branch": "feat/x"}}\n';
  return out;
}

describe("pre-pr caches (PP-001, PP-003, PP-006)", () => {
  it("PP-003/PP-006/PP-001: cold with 1 or 2 lint workers and warm runs report the same rows; an edit is seen", () => {
    const dir = makeRepo(files());
    const env = { CI: undefined, SKIP_AUTOFIX: undefined, QUICK_MODE: undefined, SKIP_TESTS: undefined };
    const run = (extra: string[], workers?: string): Row[] => {
      const r = runCli(["pre-pr", "--all", "-f", "json", ...extra], { cwd: dir, env: { ...env, AGENTCHECK_LINT_WORKERS: workers } });
      expect(r.stderr).toBe("");
      return (JSON.parse(r.stdout).checks as Row[]).map((c) => ({ id: c.id, status: c.status, message: c.message, findings: c.findings }));
    };
    const one = run(["--no-cache"], "1");
    const pp = (rows: Row[], id: string) => rows.find((r) => r.id === id)!;
    expect(pp(one, "PP-003").findings.map((f) => `${f.path}:${f.ruleId}`)).toEqual([
      "docs/d00.md:MD040/fenced-code-language", "docs/d05.md:MD040/fenced-code-language",
    ]);
    expect(pp(one, "PP-006").findings.map((f) => f.path)).toEqual(["docs/d00.md", "docs/d07.md"]);
    expect(pp(one, "PP-001").findings.length).toBeGreaterThan(0);
    expect(run(["--no-cache"], "2")).toEqual(one);
    expect(existsSync(join(dir, ".git", "agentcheck", "core-cache.json"))).toBe(false);
    expect(run([])).toEqual(one); // writes the caches
    expect(existsSync(join(dir, ".git", "agentcheck", "core-cache.json"))).toBe(true);
    expect(run([])).toEqual(one); // served from them
    writeFileSync(join(dir, "docs", "d07.md"), "# Doc 7\n\nno path here\n");
    const edited = run([]);
    expect(pp(edited, "PP-006").findings.map((f) => f.path)).toEqual(["docs/d00.md"]);
    expect(edited).toEqual(run(["--no-cache"]));
  });
});

describe("PP-003: the lint and configuration caches answer as --no-cache does (review)", () => {
  const env = { CI: undefined, SKIP_AUTOFIX: undefined, QUICK_MODE: undefined, SKIP_TESTS: undefined };
  const lint = (dir: string, extra: string[] = []) => {
    const r = runCli(["pre-pr", "--all", "--only", "PP-003", "-f", "json", ...extra], { cwd: dir, env });
    const row = (JSON.parse(r.stdout).checks as Row[]).find((c) => c.id === "PP-003")!;
    return `${row.status} ${row.findings.map((f) => `${f.path}:${f.line}:${f.ruleId}`).join(" ")}`;
  };
  const long = (n: number) => `# Doc\n\n${"word ".repeat(40)}${n}\n`;
  it("PP-003 a YAML value JSON cannot hold (line_length: .inf) is not cached as null: cached runs and edits keep the configuration", () => {
    const dir = makeRepo({ ".markdownlint-cli2.yaml": "config:\n  default: true\n  MD013:\n    line_length: .inf\n", "doc.md": long(1) });
    const cold = lint(dir, ["--no-cache"]);
    expect(cold).toBe("PASS ");
    expect(lint(dir)).toBe(cold);
    expect(lint(dir)).toBe(cold);
    writeFileSync(join(dir, "doc.md"), long(2));
    expect(lint(dir)).toBe(lint(dir, ["--no-cache"]));
    expect(lint(dir)).toBe("PASS ");
  });
  it("PP-003 an escaped `extends` key (\\u0065xtends) is followed on every run: a changed base configuration is seen", () => {
    const dir = makeRepo({ ".markdownlint.json": '{ "\\u0065xtends": "base.json" }\n', "base.json": '{ "default": true, "MD013": false }\n', "doc.md": long(1) });
    expect(lint(dir)).toBe("PASS ");
    writeFileSync(join(dir, "base.json"), '{ "default": true }\n');
    writeFileSync(join(dir, "doc.md"), long(2));
    const cold = lint(dir, ["--no-cache"]);
    expect(cold).toBe("FAIL doc.md:3:MD013/line-length");
    expect(lint(dir)).toBe(cold);
  });
  it("PP-003 the lint cache is keyed by the markdownlint build that lints (the installed CLI's worker bundle), not only the installed markdownlint's version", async () => {
    const { ROOT } = await import("../helpers.js");
    const { cpSync, readFileSync, symlinkSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    const { tmpDir } = await import("../helpers.js");
    const pkg = tmpDir();
    for (const d of ["bin", "dist"]) cpSync(join(ROOT, d), join(pkg, d), { recursive: true });
    cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
    symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"));
    const dir = makeRepo({ "doc.md": long(1) });
    const cacheKey = () => {
      const r = spawnSync(process.execPath, [join(pkg, "bin", "agentcheck.js"), "pre-pr", "--all", "--only", "PP-003"], { cwd: dir, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(1);
      return (JSON.parse(readFileSync(join(dir, ".git", "agentcheck", "markdownlint-cache.json"), "utf8")) as { key: string }).key;
    };
    const first = cacheKey();
    expect(cacheKey()).toBe(first);
    const worker = join(pkg, "dist", "cli", "md-worker.cjs");
    writeFileSync(worker, readFileSync(worker, "utf8").replace(/^\/\/ agentcheck-bundle [0-9a-f]{32}\n/, `// agentcheck-bundle ${"f".repeat(32)}\n`));
    expect(cacheKey()).not.toBe(first);
  });
});

