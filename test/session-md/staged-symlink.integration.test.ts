// SP-003 on a staged symbolic link: the commit check reads a staged link through its target in the
// index (src/index-source.ts), so the link's resolved path is that target, as on disk. Before, the
// commit check took every staged log as resolving to its own name and never reported a link out of
// the sessions folder that `session-log` on the working tree reports. Real repository, real commands.
import { describe, expect, it } from "vitest";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, runCli, tmpDir } from "../helpers.js";

function repo(): string {
  const dir = tmpDir("agentcheck-staged-link-");
  git(dir, "init", "-q", "-b", "main");
  mkdirSync(join(dir, ".agents", "sessions"), { recursive: true });
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "docs", "2026-01-05-session-1.md"), "# Session 1 - 2026-01-05\n\nsome log\n");
  writeFileSync(join(dir, ".agents", "sessions", "2026-01-06-session-2.md"), "# Session 2 - 2026-01-06\n\nsome log\n");
  // a link out of the sessions folder, and one to another log inside it
  symlinkSync("../../docs/2026-01-05-session-1.md", join(dir, ".agents", "sessions", "2026-01-05-session-1.md"));
  symlinkSync("2026-01-06-session-2.md", join(dir, ".agents", "sessions", "2026-01-07-session-3.md"));
  git(dir, "add", "-A");
  return dir;
}

type Res = { results: { file: string; findings: { ruleId: string; message: string }[] }[] };
const sp003 = (out: string, file: string) =>
  (JSON.parse(out) as Res).results.filter((r) => r.file === file).flatMap((r) => r.findings.filter((f) => f.ruleId === "SP-003"));

describe("SP-003 on staged symbolic links (check --staged) gives the working tree's answer", () => {
  it("SP-003: a staged link out of the sessions folder is reported with its target, as session-log on disk reports it", () => {
    const dir = repo();
    const staged = runCli(["check", "--staged", "--format", "json"], { cwd: dir });
    const disk = runCli(["session-log", ".agents/sessions", "--format", "json"], { cwd: dir });
    const f = ".agents/sessions/2026-01-05-session-1.md";
    expect(sp003(staged.stdout, f)).toHaveLength(1);
    expect(sp003(staged.stdout, f)[0].message).toContain("docs/2026-01-05-session-1.md");
    expect(sp003(staged.stdout, f).map((x) => x.message)).toEqual(sp003(disk.stdout, f).map((x) => x.message));
  });

  it("SP-003: a staged link to another log inside the sessions folder is no finding (nor is a plain staged log)", () => {
    const dir = repo();
    const staged = runCli(["check", "--staged", "--format", "json"], { cwd: dir });
    expect(sp003(staged.stdout, ".agents/sessions/2026-01-07-session-3.md")).toEqual([]);
    expect(sp003(staged.stdout, ".agents/sessions/2026-01-06-session-2.md")).toEqual([]);
    const files = (JSON.parse(staged.stdout) as Res).results.map((r) => r.file);
    expect(files).toContain(".agents/sessions/2026-01-07-session-3.md");
  });
});
