// Issue 34 item 4: one report() shape for every rule context, no unchecked casts in rules. This reads
// the rule core's sources (comments and string contents blanked):
// - no `changetype` outside the raw memory work of assembly/lib and assembly/io.ts (rule code asks
//   assembly/lib/mem.ts for an address; a rule's check is typed with its validator's context, so no
//   context is ever cast);
// and under assembly/validators:
// - no downcast of a context (`x as MiCtx`, `<MiCtx>x`) and no parameter typed with the bare RuleCtx
//   (a check declares the context it runs on; defineRule infers it);
// - every report method a context declares has the one shape of assembly/rules.ts,
//   `report(rule: Rule, at: Loc, message: Msg)` / `reportAs(rule: Rule, severity: i32, at: Loc, message: Msg)`;
// - findings reach Results only through RuleCtx (validators/common.ts, whose checks run before any
//   context exists, is the one exception).
// Each detector is also run on a bad snippet, so the lint can fail.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../helpers.js";

const ASSEMBLY = join(ROOT, "assembly");
/** Where changetype may appear: raw memory work. */
const RAW_MEMORY = (file: string): boolean => file.startsWith("assembly/lib/") || file === "assembly/io.ts";
const RESULTS_ALLOWED = new Set(["assembly/validators/common.ts"]);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out;
}

/** The source without comments and string contents (a word in a comment or a message is no code). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "))
    .replace(/(^|[^:\\])\/\/.*$/gm, (m, p1: string) => p1 + " ".repeat(m.length - p1.length))
    .replace(/`(?:\\[\s\S]|[^`\\])*`|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) => m[0] + " ".repeat(m.length - 2) + m[m.length - 1]);
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

const REPORT_SHAPES: Record<string, RegExp> = {
  report: /^rule: Rule, \w+: Loc, \w+: Msg$/,
  reportAs: /^rule: Rule, \w+: i32, \w+: Loc, \w+: Msg$/,
};

/** Problems of one file's code: casts, untyped checks, report methods of another shape, direct Results reports. */
function problems(file: string, src: string): string[] {
  const out: string[] = [];
  const c = code(src);
  if (!RAW_MEMORY(file)) for (const m of c.matchAll(/\bchangetype\b/g)) out.push(`${file}:${lineOf(c, m.index)}: changetype`);
  if (!file.startsWith("assembly/validators/")) return out;
  for (const m of c.matchAll(/\bas\s+[A-Z]\w*Ctx\b|(?:^|[^\w$])<[A-Z]\w*Ctx>\s*[\w$(]/gm)) out.push(`${file}:${lineOf(c, m.index)}: context cast \`${m[0].trim()}\``);
  for (const m of c.matchAll(/[(,]\s*\w+\s*:\s*RuleCtx\b/g)) out.push(`${file}:${lineOf(c, m.index)}: parameter typed RuleCtx (type the check with its context)`);
  for (const m of c.matchAll(/^[ \t]+(report\w*)\s*\(([^)]*)\)\s*:\s*void\s*\{/gm)) {
    const shape = REPORT_SHAPES[m[1]];
    const params = m[2].replace(/\s+/g, " ").trim();
    if (shape === undefined || !shape.test(params)) out.push(`${file}:${lineOf(c, m.index)}: ${m[1]}(${params}) is not the one report shape`);
  }
  if (!RESULTS_ALLOWED.has(file)) {
    for (const m of c.matchAll(/\bresults\s*\.\s*report\w*\s*\(/g)) out.push(`${file}:${lineOf(c, m.index)}: reports on Results directly (use ctx.report(rule, at, message))`);
  }
  return out;
}

describe("rule core: one report() shape, no casts in rules (issue 34 item 4)", () => {
  it("RT-CAST: no changetype outside assembly/lib and io.ts; no file under assembly/validators casts, reports past its context or declares another report shape", () => {
    const found: string[] = [];
    const files = sources(ASSEMBLY);
    expect(files.filter((f) => f.includes("validators")).length).toBeGreaterThan(150);
    for (const f of files) found.push(...problems(relative(ROOT, f).split("\\").join("/"), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("RT-CAST: every detector fails on a bad snippet (and not on the same words in comments or strings)", () => {
    const f = "assembly/validators/x/XX-001.ts";
    expect(problems(f, "function check(c: RuleCtx): void {\n  const ctx = changetype<MiCtx>(c);\n}\n")).toHaveLength(2);
    expect(problems(f, "const a = b as MdCtx;\nconst d = <JsonCtx>e;\n")).toHaveLength(2);
    expect(problems(f, "const RULES: RuleOf<MiCtx>[] = [];\nfunction check(ctx: MiCtx): void {}\n")).toEqual([]);
    expect(problems(f, "class A extends RuleCtx {\n  report(rule: Rule, doc: Doc, line: i32, message: Msg): void {}\n}\n")).toHaveLength(1);
    expect(problems(f, "class A extends RuleCtx {\n  reportLine(rule: Rule, at: Loc, message: Msg): void {}\n}\n")).toHaveLength(1);
    expect(problems(f, "class A extends RuleCtx {\n  reportAs(rule: Rule, severity: i32, at: Loc, message: Msg): void {}\n  report(rule: Rule, at: Loc, message: Msg): void {}\n}\n")).toEqual([]);
    expect(problems(f, "ctx.results.report(R, doc, 0, 0, m);\n")).toHaveLength(1);
    expect(problems("assembly/validators/common.ts", "results.report(R, doc, 0, 0, m);\n")).toEqual([]);
    expect(problems(f, "// changetype<MiCtx>(c) as MdCtx\nconst s = \"results.report(\";\n")).toEqual([]);
    expect(problems("assembly/rules.ts", "const p = changetype<usize>(s);\n")).toHaveLength(1);
    expect(problems("assembly/lib/mem.ts", "const p = changetype<usize>(s);\n")).toEqual([]);
    expect(problems("assembly/io.ts", "const p = changetype<usize>(s);\n")).toEqual([]);
  });
});
