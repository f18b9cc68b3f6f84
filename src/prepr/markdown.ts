// PP-003: markdown lint through the markdownlint library (never npx), with the repository's own
// markdownlint-cli2 / markdownlint configuration; only files in scope; optional fixes.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { stripJsonComments } from "../config.js";
import { UsageError, type Finding } from "../report.js";
import { matchesAny, selectedByGlobs, validateGlobs } from "./glob.js";
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";

/**
 * markdownlint `extends` must name a file inside the repository: a configuration must never make
 * agentcheck read (and quote) files outside it (/etc/passwd, ~/...). Throws a UsageError otherwise.
 */
export function checkExtends(root: string, file: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "string") throw new UsageError(`${file}: "extends" must be a string`);
  const realRoot = (() => {
    try {
      return realpathSync(root);
    } catch {
      return resolve(root);
    }
  })();
  let target = value.startsWith("~") ? "/" + value : resolve(dirname(join(root, file)), value);
  try {
    target = realpathSync(target);
  } catch {
    /* a missing file is markdownlint's error to report */
  }
  const rel = relative(realRoot, target);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel) || value.startsWith("~")) {
    throw new UsageError(`${file}: "extends" points outside the repository (${value}); use a file inside the repository`);
  }
}

/** The markdownlint configuration is usable: globs compile and extends stays inside the repository (else UsageError). */
export async function validateMdConfig(root: string): Promise<void> {
  const cfg = await loadMdConfig(root);
  const src = cfg.sources[0] ?? "markdownlint configuration";
  validateGlobs(cfg.ignores, `${src} ignores`);
  validateGlobs(cfg.globs, `${src} globs`);
}

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

/** yaml's parse (a bundled CommonJS import may put it under `default`). */
async function yamlParse(): Promise<(text: string) => unknown> {
  const m = (await import("yaml")) as unknown as { parse?: (t: string) => unknown; default?: { parse: (t: string) => unknown } };
  const parse = m.parse ?? m.default?.parse;
  if (typeof parse !== "function") throw new Error("the yaml parser could not be loaded");
  return parse;
}

async function parseYaml(text: string): Promise<unknown> {
  return (await yamlParse())(text);
}

function asStrings(v: unknown, key: string, file: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw new UsageError(`${file}: ${key} must be a list of strings`);
  return v as string[];
}

/** Read the repository's markdownlint configuration (cli2 file first, then .markdownlint.*). */
/**
 * The configuration, from a small cache beside the lint cache when the configuration files' bytes
 * are unchanged (saves loading the YAML parser); JS configs and `extends` are always re-read.
 */
export async function loadMdConfigCached(root: string, cacheFile: string | undefined): Promise<MdConfig> {
  if (!cacheFile) return loadMdConfig(root);
  const present = [...CLI2_FILES, ...MD_FILES].filter((f) => existsSync(join(root, f)));
  const texts = present.map((f) => readFileSync(join(root, f), "utf8"));
  const cacheable = !present.some((f) => /\.(c|m)js$/.test(f)) && !texts.some((t) => t.includes("extends"));
  if (!cacheable) return loadMdConfig(root);
  const key = sha1(`${CACHE_FORMAT}\n${present.map((f, i) => `${f}\0${texts[i]}`).join("\0")}`);
  const file = `${cacheFile}.config.json`;
  try {
    const c = JSON.parse(readFileSync(file, "utf8")) as { key: string; config: MdConfig };
    if (c.key === key && c.config && Array.isArray(c.config.ignores)) return c.config;
  } catch {
    /* not cached yet */
  }
  const cfg = await loadMdConfig(root);
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ key, config: cfg }));
  } catch {
    /* no cache */
  }
  return cfg;
}

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
    if (obj.config !== undefined && obj.config !== null && typeof obj.config === "object") checkExtends(root, f, (obj.config as Record<string, unknown>).extends);
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
    const parse = await yamlParse();
    {
      let raw: unknown;
      try {
        const text = readFileSync(abs, "utf8");
        raw = f.endsWith(".json") || f.endsWith(".jsonc") ? JSON.parse(stripJsonComments(text)) : parse(text);
      } catch (e) {
        throw new UsageError(`cannot read ${f}: ${(e as Error).message}`);
      }
      if (raw && typeof raw === "object") checkExtends(root, f, (raw as Record<string, unknown>).extends);
    }
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

type CachedError = [number, string, string, number, string]; // line, rule, severity, column, message

interface MdCache {
  key: string;
  files: Record<string, { h: string; e: CachedError[] }>;
}

const CACHE_FORMAT = "1";

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

function readCache(file: string | undefined, key: string): MdCache {
  if (file) {
    try {
      const c = JSON.parse(readFileSync(file, "utf8")) as MdCache;
      if (c && c.key === key && c.files && typeof c.files === "object") return c;
    } catch {
      /* no cache or unreadable: start empty */
    }
  }
  return { key, files: {} };
}

function toFinding(file: string, e: LintError): Finding {
  const detail = e.errorDetail ? ` [${e.errorDetail}]` : "";
  const ctx = e.errorContext ? ` [Context: "${e.errorContext}"]` : "";
  return {
    ruleId: e.ruleNames.join("/"),
    severity: e.severity === "warning" ? "warning" : "error",
    file,
    line: e.lineNumber,
    column: e.errorRange ? e.errorRange[0] : 0,
    message: `${e.ruleDescription}${detail}${ctx}`,
  };
}

/**
 * Lint files with markdownlint. Results are cached per file content (keyed by the markdownlint
 * version and the configuration) in `cacheFile` when given; fix mode always lints afresh.
 */
export async function lintMarkdown(
  root: string, files: string[], cfg: MdConfig, fix: boolean, read: (rel: string) => string, cacheFile?: string,
): Promise<MdResult> {
  const config = cfg.config ?? { default: true };
  const strings: Record<string, string> = {};
  for (const f of files) strings[f] = read(f);
  if (!fix) {
    const { getVersion } = await import("./mdversion.js");
    const key = sha1(`${CACHE_FORMAT}\n${getVersion()}\n${JSON.stringify(config)}`);
    const cache = readCache(cacheFile, key);
    const hashes: Record<string, string> = {};
    const todo: Record<string, string> = {};
    for (const f of files) {
      hashes[f] = sha1(strings[f]);
      if (cache.files[f]?.h !== hashes[f]) todo[f] = strings[f];
    }
    if (Object.keys(todo).length > 0) {
      const { lint } = await import("markdownlint/sync");
      const res = lint({ strings: todo, config }) as unknown as Record<string, LintError[]>;
      for (const f of Object.keys(todo)) {
        cache.files[f] = { h: hashes[f], e: (res[f] ?? []).map((e) => { const x = toFinding(f, e); return [x.line, x.ruleId, x.severity, x.column, x.message]; }) };
      }
      if (cacheFile) {
        try {
          mkdirSync(dirname(cacheFile), { recursive: true });
          writeFileSync(cacheFile, JSON.stringify(cache));
        } catch {
          /* a read-only git dir just means no cache */
        }
      }
    }
    const findings: Finding[] = [];
    for (const f of files) {
      for (const [line, ruleId, severity, column, message] of cache.files[f].e) {
        findings.push({ ruleId, severity: severity as Finding["severity"], file: f, line, column, message });
      }
    }
    return { findings, fixed: [] };
  }
  const { lint } = await import("markdownlint/sync");
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
  for (const f of files) for (const e of results[f] ?? []) findings.push(toFinding(f, e));
  return { findings, fixed };
}
