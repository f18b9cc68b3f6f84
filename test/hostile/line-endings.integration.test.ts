// Issue 11 item 3: a UTF-8 BOM, CRLF and lone CR give the same verdicts and line numbers as LF,
// in `check --staged` (the git index) and in pre-pr's markdown lint (MD041, MD060 and the rest).
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo } from "../helpers.js";
import { LOG, runAsync, verdictKey } from "./matrix.js";

const variants: Record<string, (s: string) => string> = {
  LF: (s) => s,
  "UTF-8 BOM": (s) => `\ufeff${s}`,
  CRLF: (s) => s.replace(/\n/g, "\r\n"),
  "lone CR": (s) => s.replace(/\n/g, "\r"),
};

const MD = "# Guide\n\nSome text.\n\n| Name | Value |\n|------|-------|\n| a | b |\n\n## Part\n\n-  item\n";

describe("issue 11: BOM / CRLF / lone CR keep the LF verdict and line numbers", () => {
  it("check --staged on a session log (rule ids and lines equal to LF)", async () => {
    const keys: Record<string, string> = {};
    for (const [name, f] of Object.entries(variants)) {
      const dir = makeRepo({ "README.md": "# r\n" });
      const rel = ".agents/sessions/2026-01-01-session-1.md";
      const abs = join(dir, rel);
      mkdirSync(join(dir, ".agents/sessions"), { recursive: true });
      writeFileSync(abs, f(LOG));
      git(dir, "add", "-A");
      const r = await runAsync(["check", "--staged", "-f", "json"], { cwd: dir, killMs: 60_000 });
      expect(r.code, r.stderr).not.toBe(-1);
      keys[name] = verdictKey(r);
    }
    expect(keys.LF).toMatch(/SP-/); // the log has findings, so the comparison means something
    for (const name of Object.keys(variants)) expect([name, keys[name]]).toEqual([name, keys.LF]);
  }, 120_000);

  it("pre-pr markdown lint (PP-003) on a committed markdown file", async () => {
    const keys: Record<string, string> = {};
    for (const [name, f] of Object.entries(variants)) {
      const dir = makeRepo({ "docs/guide.md": f(MD) });
      const r = await runAsync(["pre-pr", "--all", "--only", "PP-003", "--no-cache", "-f", "json"], { cwd: dir, killMs: 60_000 });
      expect(r.code, r.stderr).not.toBe(-1);
      keys[name] = verdictKey(r);
    }
    expect(keys.LF).toMatch(/MD\d{3}/);
    for (const name of Object.keys(variants)) expect([name, keys[name]]).toEqual([name, keys.LF]);
  }, 120_000);
});
