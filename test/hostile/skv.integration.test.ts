// Hostile input for pre-pr PP-016 (SKV-01): a file at the size limit made of near-misses of upstream's
// patterns (`gh` + spaces + `pr` + spaces, no verb; Unicode spaces; one long line) is scanned in
// linear time, killed at KILL_MS otherwise; a file over the limit is AC-900, a binary file AC-002,
// never a pass. The skills folder as a link out of the repository: test/pre-pr/skv.integration.test.ts.
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, makeRepo, writeTree } from "../helpers.js";
import { KILL_MS, runAsync } from "./matrix.js";

const LIMIT = 8 * 1024 * 1024; // the bounded reader's default (--max-file-size)

function repoWith(content: Buffer): string {
  const dir = makeRepo({ "README.md": "# r\n", ".claude/skills/github/scripts/x.py": "" });
  git(dir, "checkout", "-q", "-b", "feature");
  writeTree(dir, { "docs/big.md": content });
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "big");
  return dir;
}

async function pp016(dir: string) {
  const r = await runAsync(["pre-pr", "--only", "PP-016", "--base", "main", "--no-cache", "-f", "json"], { cwd: dir, killMs: KILL_MS * 4 });
  expect(r.code, `killed after ${r.ms} ms`).not.toBe(-1);
  return { ms: r.ms, code: r.code, row: JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === "PP-016") };
}

const fill = (unit: string, bytes: number) => Buffer.from(unit.repeat(Math.floor(bytes / Buffer.byteLength(unit))));

describe("hostile: SKV-01 near-misses at the size limit", () => {
  it("SKV-01: one 8 MB line of `gh  pr\\u3000` near-misses, then a match: linear, one finding", async () => {
    const big = Buffer.concat([fill("gh  pr\u3000\t", LIMIT - 64), Buffer.from("gh pr merge 1\n")]);
    const { ms, code, row } = await pp016(repoWith(big));
    expect(code).toBe(0);
    expect(row.status).toBe("WARN");
    expect(row.findings).toHaveLength(1);
    expect(row.findings[0]).toMatchObject({ ruleId: "SKV-01", line: 1 });
    console.log(`skv hostile near-miss line: ${ms} ms`);
  }, 60_000);

  it("SKV-01: 8 MB of short lines, every one a match: maxPerFile lines and one count, linear", async () => {
    const big = fill("gh api x\n", LIMIT - 64);
    const { ms, row } = await pp016(repoWith(big));
    expect(row.status).toBe("WARN");
    expect(row.findings).toHaveLength(21); // 20 lines (maxPerFile) and one "N more line(s)"
    expect(row.findings[20].message).toMatch(/^\d+ more line\(s\)/);
    console.log(`skv hostile every line: ${ms} ms, ${row.findings.length} findings`);
  }, 60_000);

  it("SKV-01: over the size limit is AC-900 and a binary file AC-002: the row fails, never passes", async () => {
    const over = await pp016(repoWith(fill("gh api x\n", LIMIT + 1024)));
    expect(over.row.status).toBe("FAIL");
    expect(over.row.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["AC-900"]);
    const dir = repoWith(Buffer.from("gh pr create\n\0\xff\n", "latin1"));
    const bin = await pp016(dir);
    expect(bin.row.status).toBe("FAIL");
    expect(bin.row.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(["AC-002"]);
    writeFileSync(join(dir, "unused"), ""); // the repository stays usable
  }, 60_000);
});

describe("hostile: a pre-pr rule family with more findings than a spread can pass", () => {
  it("PATH-01: 200,000 findings in one file are a FAIL row that counts them (was 'Maximum call stack size exceeded')", async () => {
    const dir = makeRepo({ "README.md": "# r\n" });
    git(dir, "checkout", "-q", "-b", "feature");
    writeTree(dir, { "docs/paths.md": "/home/x\n".repeat(200_000) });
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "paths");
    const r = await runAsync(["pre-pr", "--only", "PP-006", "--base", "main", "--no-cache"], { cwd: dir, killMs: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\[FAIL\] PP-006 Path Normalization \([\d.]+s\): 1 file\(s\) checked: 200000 error\(s\), 0 warning\(s\)$/m);
    console.log(`path-01 200k findings: ${r.ms} ms`);
  }, 90_000);
});
