// PP-003: markdown lint through the markdownlint library (never npx), with the repository's own
// markdownlint-cli2 / markdownlint configuration; only files in scope; optional fixes.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { stripJsonComments } from "../config.js";
import { UsageError, type Finding } from "../report.js";
import { matchesAny, selectedByGlobs } from "./glob.js";

export interface MdConfig {
  /** markdownlint rule configuration (undefined = markdownlint defaults). */
  config?: Record<string, unknown>;
  ignores: string[];
  globs: string[];
  /** Files the configuration came from (repo-relative). */
  sources: string[];
}

const CLI2_FILES = [".markdownlint-cli2.jsonc", ".markdownlint-cli2.yaml", ".markdownlint-cli2.cjs", ".markdownlint-cli2.mjs"];
const MD_FILES = [".markdownlint.jsonc", ".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml"];

async function parseYaml(text: string): Promise<unknown> {
  const { parse } = await import("yaml");
  return parse(text);
}

function asStrings(v: unknown, key: string, file: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw new UsageError(`${file}: ${key} must be a list of strings`);
  return v as string[];
}

/** Read the repository's markdownlint configuration (cli2 file first, then .markdownlint.*). */
export async function loadMdConfig(root: string): Promise<MdConfig> {
  const out: MdConfig = { ignores: [], globs: [], sources: [] };
  for (const f of CLI2_FILES) {
    const abs = join(root, f);
    if (!existsSync(abs)) continue;
    let obj: Record<string, unknown> | undefined;
    try {
      if (f.endsWith(".jsonc")) obj = JSON.parse(stripJsonComments(readFileSync(abs, "utf8")));
      else if (f.endsWith(".yaml")) obj = (await parseYaml(readFileSync(abs, "utf8"))) as Record<string, unknown>;
      else {
        const mod = await import(pathToFileURL(abs).href);
        obj = (mod.default ?? mod) as Record<string, unknown>;
      }
    } catch (e) {
      throw new UsageError(`cannot read ${f}: ${(e as Error).message}`);
    }
    obj = obj ?? {};
    if (obj.config !== undefined) out.config = obj.config as Record<string, unknown>;
    out.ignores = asStrings(obj.ignores, "ignores", f);
    out.globs = asStrings(obj.globs, "globs", f);
    out.sources.push(f);
    break;
  }
  for (const f of MD_FILES) {
    const abs = join(root, f);
    if (!existsSync(abs)) continue;
    const { readConfig } = await import("markdownlint/sync");
    const { parse } = await import("yaml");
    try {
      out.config = readConfig(abs, [(t: string) => JSON.parse(stripJsonComments(t)), (t: string) => parse(t)]) as Record<string, unknown>;
    } catch (e) {
      throw new UsageError(`cannot read ${f}: ${(e as Error).message}`);
    }
    out.sources.push(f);
    break;
  }
  return out;
}

export function isMarkdown(path: string): boolean {
  return /\.(md|markdown)$/i.test(path);
}

/** Markdown files in scope that the configuration does not exclude. */
export function selectMarkdown(files: string[], cfg: MdConfig, all: boolean): { targets: string[]; selected: string[] } {
  const targets = files.filter(isMarkdown);
  const negated = cfg.globs.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
  const selected = targets.filter((p) => {
    if (matchesAny(p, cfg.ignores) || matchesAny(p, negated)) return false;
    // the config's globs select files only for a whole-repository run (explicit files otherwise)
    if (all && cfg.globs.some((g) => !g.startsWith("!"))) return selectedByGlobs(p, cfg.globs);
    return true;
  });
  return { targets, selected };
}

export interface MdResult {
  findings: Finding[];
  fixed: string[];
}

interface LintError {
  lineNumber: number;
  ruleNames: string[];
  ruleDescription: string;
  errorDetail: string | null;
  errorContext: string | null;
  errorRange: number[] | null;
  fixInfo?: unknown;
  severity?: "error" | "warning";
}

export async function lintMarkdown(root: string, files: string[], cfg: MdConfig, fix: boolean, read: (rel: string) => string): Promise<MdResult> {
  const { lint } = await import("markdownlint/sync");
  const strings: Record<string, string> = {};
  for (const f of files) strings[f] = read(f);
  const config = cfg.config ?? { default: true };
  let results = lint({ strings, config }) as unknown as Record<string, LintError[]>;
  const fixed: string[] = [];
  if (fix) {
    const { applyFixes } = await import("markdownlint");
    const again: Record<string, string> = {};
    for (const f of files) {
      if (!results[f]?.some((e) => e.fixInfo)) continue;
      const text = applyFixes(strings[f], results[f] as never);
      if (text !== strings[f]) {
        writeFileSync(join(root, f), text);
        again[f] = text;
        fixed.push(f);
      }
    }
    if (fixed.length > 0) {
      const re = lint({ strings: again, config }) as unknown as Record<string, LintError[]>;
      results = { ...results, ...re };
    }
  }
  const findings: Finding[] = [];
  for (const f of files) {
    for (const e of results[f] ?? []) {
      const detail = e.errorDetail ? ` [${e.errorDetail}]` : "";
      const ctx = e.errorContext ? ` [Context: "${e.errorContext}"]` : "";
      findings.push({
        ruleId: e.ruleNames.join("/"),
        severity: e.severity === "warning" ? "warning" : "error",
        file: f,
        line: e.lineNumber,
        column: e.errorRange ? e.errorRange[0] : 0,
        message: `${e.ruleDescription}${detail}${ctx}`,
      });
    }
  }
  return { findings, fixed };
}
