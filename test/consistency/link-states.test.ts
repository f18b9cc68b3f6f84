// Link facts (planning-io linkStates): a target the system resolves is answered by one realpath call,
// anything else by pyRealpath's walk (Python's realpath: links replaced before a later '..', dangling
// links followed to their target, loops left unresolved). Both answers checked against the walk alone
// over links, '..' after a link, dangling links, loops, a file name followed by more, doubled slashes,
// targets outside the base path. And the consistency validator's two paths: every answer "exists"
// (the checks pass before the answers stands) and any other answer (the checks again with the answers).
import { describe, it, expect, afterAll } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { linkStates, pyRealpath } from "../../dist/validators/planning-io.js";
import { validateConsistency } from "../../dist/validators/consistency.js";
import { DiskSource } from "../../dist/source.js";
import { isInside } from "../../dist/fspath.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tree(): { root: string; outside: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "link-states-")));
  dirs.push(base);
  const root = join(base, "repo");
  const outside = join(base, "outside");
  mkdirSync(join(root, "docs", "sub"), { recursive: true });
  mkdirSync(join(root, ".agents", "planning"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, "docs", "a.md"), "a\n");
  writeFileSync(join(root, "docs", "sub", "b.md"), "b\n");
  writeFileSync(join(outside, "o.md"), "o\n");
  symlinkSync("docs/sub", join(root, "lnkdir"));
  symlinkSync(outside, join(root, "outl"));
  symlinkSync("nothere", join(root, "dangling"));
  symlinkSync("loop2", join(root, "loop1"));
  symlinkSync("loop1", join(root, "loop2"));
  symlinkSync("../../docs", join(root, ".agents", "planning", "up"));
  return { root, outside };
}

/** The answers of the walk alone (the way every target was answered before the realpath call). */
function walked(root: string, queries: string[]): [string, string][] {
  const realRoot = realpathSync(root);
  return queries.map((q) => {
    const real = pyRealpath(q.startsWith("/") ? q : `${root}/${q}`, new Map());
    return [q, !isInside(real, realRoot) ? "o" : existsSync(real) ? "e" : "m"];
  });
}

describe.skipIf(process.platform === "win32")("link facts", () => {
  it("answer every target as Python's realpath walk does", () => {
    const { root, outside } = tree();
    const p = ".agents/planning/";
    const queries = [
      "docs/a.md", "lnkdir/b.md", "lnkdir/../a.md", "outl/o.md", "dangling", "loop1/x.md", "docs/a.md/",
      "docs/a.md/../a.md", `${p}up/a.md`, `${p}up/../docs/a.md`, `${p}up/sub/../a.md`, "docs//a.md",
      "docs/./sub/../a.md", "docs/missing.md", "docs", "lnkdir", "../repo/docs/a.md", `${outside}/o.md`,
      "/", `${root}/docs/a.md`, "outl/../repo/docs/a.md", "docs/sub/b.md/..", "",
    ];
    const got = linkStates(new DiskSource(root), queries);
    expect(got).toEqual(walked(root, queries));
    // the cases the realpath call answers and those it leaves to the walk both occur
    expect(got.map((s) => s[1])).toEqual(expect.arrayContaining(["e", "m", "o"]));
  });

  it("consistency: the same findings whether every link exists or not", () => {
    const { root } = tree();
    const planning = join(root, ".agents", "planning");
    writeFileSync(join(planning, "prd-ok.md"), "# PRD\n[a](../../docs/a.md) [b](../../lnkdir/b.md) [c](../../lnkdir/../a.md)\n");
    writeFileSync(join(planning, "prd-bad.md"), "# PRD\n[a](../../docs/a.md) [m](../../docs/missing.md) [o](../../outl/o.md) [d](../../dangling)\n");
    const run = (feature: string) => validateConsistency({ root, feature, maxFileBytes: 1 << 20, fx: 1 });
    const ok = run("ok");
    expect(ok.results.flatMap((r) => r.findings.map((f) => f.ruleId)).filter((id) => id === "CO-008" || id === "CO-009")).toEqual([]);
    expect(ok.global.linkQueries).toBeUndefined();
    const bad = run("bad");
    const links = bad.results.flatMap((r) => r.findings.filter((f) => f.ruleId === "CO-008" || f.ruleId === "CO-009").map((f) => `${f.ruleId} ${f.data.shown}`));
    expect(links).toEqual(["CO-008 ../../docs/missing.md", "CO-009 ../../outl/o.md", "CO-008 ../../dangling"]);
    expect(bad.global.linkQueries).toBeUndefined();
  });
});
