// Many log files named on the command line (a shell glob's list): discovery learns what each is
// from one listing of their folder (src/validators/session-log.ts listedEntries) instead of an lstat
// per name. The report must be the one each name gets on its own (the lstat path): plain files,
// a symbolic link, a FIFO, a folder, paths with ./ and ../ segments, and a missing name (exit 2).
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tmpDir } from "../helpers.js";

function workspace(): string {
  const dir = tmpDir("agentcheck-named-");
  const s = join(dir, ".agents", "sessions");
  mkdirSync(join(s, "older"), { recursive: true });
  for (let i = 1; i <= 24; i++) {
    const body = i % 3 === 0 ? `# Session ${i}\n\n## Session End\n\n- [x] done\n` : `# Session ${i}\n\nno protocol here\n`;
    writeFileSync(join(s, `2026-01-${String((i % 28) + 1).padStart(2, "0")}-session-${i}.md`), body);
  }
  writeFileSync(join(s, "older", "2025-12-01-session-100.md"), "# Session 100\n");
  writeFileSync(join(s, "2026-02-01-session-200.json"), JSON.stringify({ session: { number: 200, date: "2026-02-01" } }));
  symlinkSync("2026-01-02-session-1.md", join(s, "2026-03-01-session-300.md"));
  execFileSync("mkfifo", [join(s, "2026-03-02-session-301.md")]);
  return dir;
}

const names = (dir: string): string[] => {
  const s = ".agents/sessions";
  const out: string[] = [];
  for (let i = 1; i <= 24; i++) out.push(`${s}/2026-01-${String((i % 28) + 1).padStart(2, "0")}-session-${i}.md`);
  out.push(`${s}/2026-02-01-session-200.json`, `${s}/2026-03-01-session-300.md`, `${s}/2026-03-02-session-301.md`, `${s}/older`);
  // the same files again through ./ and ../ segments (resolve's path)
  out.push(`./${s}/2026-01-02-session-1.md`, `${s}/older/../2026-01-03-session-2.md`);
  void dir;
  return out;
};

const report = (dir: string, args: string[]) => {
  const r = runCli(["session-log", ...args, "--format", "json", "--now", "2026-11-01T00:00:00Z"], { cwd: dir });
  const json = JSON.parse(r.stdout) as { results: unknown[] };
  return { code: r.code, results: json.results };
};

describe("session-log with many named files (one folder listing instead of an lstat each)", () => {
  it("SP-001 / AC-901: the report over 30 names in one call equals the reports of the names one at a time", () => {
    const dir = workspace();
    const all = names(dir);
    expect(all.length).toBeGreaterThanOrEqual(16);
    const together = report(dir, all);
    const alone = all.map((n) => report(dir, [n]));
    // one call de-duplicates and sorts by path; the single calls' results, merged the same way
    const merged = new Map<string, unknown>();
    for (const r of alone) for (const x of r.results as { file: string }[]) merged.set(x.file, x);
    const byFile = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    expect(together.results).toEqual(byFile);
    // the FIFO is refused as a special file, never read (the call returns)
    const fifo = (together.results as { file: string; findings: { ruleId: string; message: string }[] }[]).find((x) => x.file.endsWith("session-301.md"));
    expect(fifo?.findings.some((f) => f.ruleId === "AC-901" && /FIFO/.test(f.message))).toBe(true);
    // the folder was expanded
    expect((together.results as { file: string }[]).some((x) => x.file.endsWith("older/2025-12-01-session-100.md"))).toBe(true);
  });

  it("a missing name among many is still a usage error (exit 2, one line)", () => {
    const dir = workspace();
    const all = [...names(dir), ".agents/sessions/2026-09-09-session-999.md"];
    const r = runCli(["session-log", ...all], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no such file or directory");
    expect(r.stderr).toContain("session-999.md");
  });
});

describe("discoverSessionLogs (library): the folder names resolve against is cleaned up as path.resolve does", () => {
  it("a cwd with .. after a symbolic link, ./ and // gives the paths path.resolve gives (no second spelling of a file)", async () => {
    const { discoverSessionLogs } = await import("../../dist/validators/session-log.js");
    const { resolve: res } = await import("node:path");
    const dir = workspace();
    const elsewhere = tmpDir("agentcheck-named-else-");
    mkdirSync(join(elsewhere, "sub"));
    symlinkSync(join(elsewhere, "sub"), join(dir, "linkdir"));
    const all = names(dir).filter((n) => !n.endsWith("older") && !n.includes("301"));
    for (const cwd of [`${dir}/linkdir/..`, `${dir}/.`, `${dir}//`, dir.replace(/\//g, "//")]) {
      const got = discoverSessionLogs(dir, cwd, [...all, join(dir, all[0])]);
      const want = [...new Set([...all, join(dir, all[0])].map((n) => res(cwd, n)))].sort();
      expect(got).toEqual(want);
      expect(got.every((p: string) => p.startsWith(`${dir}/.agents/sessions/`))).toBe(true);
    }
  });
});
