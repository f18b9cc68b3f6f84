// The ONE reader of agentcheck's configuration file, used by every entry point: `check`, `pre-pr`, the
// session commands and the gate's lean reader (src/state/config.ts). It finds the file (upward from the
// working directory to the repository root: agentcheck.config.json, agentcheck.config.jsonc, or the
// "agentcheck" key of package.json), reads it (a leading UTF-8 BOM is dropped; FIFOs, devices, directories,
// symlink loops and oversized files are configuration errors, through the bounded reader src/fsread.ts) and parses it as JSONC with jsonc-parser
// (errors carry line:column; `__proto__`, `constructor` and `prototype` keys are refused).
// Kept lean (no zod, no commander): the gate bundle includes it.
import { CONFIG_MAX_BYTES, isInside, readBounded } from "./fsread.js";
import { dirname, join, resolve } from "node:path";
import { parseTree } from "jsonc-parser/lib/umd/impl/parser.js";
import { UsageError } from "./report.js";

export const CONFIG_FILES = ["agentcheck.config.json", "agentcheck.config.jsonc"] as const;
/** Largest configuration file read (bytes). */
export const MAX_CONFIG_BYTES = CONFIG_MAX_BYTES;

const ERROR_NAMES: Record<number, string> = {
  1: "invalid symbol",
  2: "invalid number format",
  3: "property name expected",
  4: "value expected",
  5: "colon expected",
  6: "comma expected",
  7: "closing brace expected",
  8: "closing bracket expected",
  9: "end of file expected",
  10: "invalid comment token",
  11: "unexpected end of comment",
  12: "unexpected end of string",
  13: "unexpected end of number",
  14: "invalid unicode sequence",
  15: "invalid escape character",
  16: "invalid character",
};

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

interface JNode {
  type: string;
  value?: unknown;
  offset: number;
  length: number;
  children?: JNode[];
}

/** 1-based line:column of a character offset. */
export function lineColumn(text: string, offset: number): string {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return `${line}:${offset - last}`;
}

function toValue(node: JNode, text: string, file: string): unknown {
  switch (node.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        const key = String(k?.value);
        if (FORBIDDEN_KEYS.has(key)) throw new UsageError(`${file}:${lineColumn(text, k.offset)}: the key "${key}" is not allowed in a configuration`);
        if (Object.prototype.hasOwnProperty.call(out, key)) throw new UsageError(`${file}:${lineColumn(text, k.offset)}: duplicate key "${key}"`);
        out[key] = v ? toValue(v, text, file) : null;
      }
      return out;
    }
    case "array":
      return (node.children ?? []).map((c) => toValue(c, text, file));
    default:
      return node.value;
  }
}

/**
 * Parse JSONC text (comments and trailing commas allowed) into plain data; errors name file:line:column.
 * `strict`: plain JSON only (package.json, which npm reads with JSON.parse: comments and trailing commas
 * are syntax errors there).
 */
export function parseJsonc(text: string, file: string, strict = false): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const errors: { error: number; offset: number; length: number }[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: !strict, disallowComments: strict, allowEmptyContent: false }) as JNode | undefined;
  if (errors.length > 0) {
    const e = errors[0];
    throw new UsageError(`${file}:${lineColumn(text, e.offset)}: ${ERROR_NAMES[e.error] ?? "syntax error"} (${strict ? "not valid JSON" : "not valid JSON with comments"})`);
  }
  if (!tree) throw new UsageError(`${file}: empty configuration file`);
  return toValue(tree, text, file);
}

/**
 * Read a configuration file: a regular file (after following symlinks) no larger than MAX_CONFIG_BYTES.
 * Returns undefined when nothing exists at the path; anything else that goes wrong is a UsageError.
 */
export function readConfigText(file: string, root?: string): string | undefined {
  // the one bounded reader (src/fsread.ts): type checked before opening, O_NONBLOCK, size limit first;
  // with `root`, a link that resolves outside the repository is refused (never read)
  const r = readBounded(file, { maxBytes: MAX_CONFIG_BYTES, root });
  if (r.ok) return r.bytes.toString("utf8");
  if (r.refusal.reason === "missing") return undefined;
  throw new UsageError(`cannot read the configuration ${file}: ${r.refusal.detail}`);
}

/**
 * Where the settings files (configuration, .agentcheckignore, the default baseline) are read from: the
 * working tree (the default), or, for `check --staged`, the git index (src/index-source.ts
 * settingsReader): the content the commit records, so an untracked or unstaged file changes nothing.
 * `read` gets an absolute path and returns the text, or undefined when there is no such file; anything
 * else that goes wrong is a UsageError.
 */
export interface SettingsReader {
  read(file: string, root: string): string | undefined;
  /** Said before a file's name in messages ("staged"); none for the working tree. */
  where?: string;
}

/** The working tree: the bounded reader, links leaving the repository refused. */
export const DISK_SETTINGS: SettingsReader = { read: (file, root) => readConfigText(file, root) };

/** A file's name in messages: the path, and where it was read from when that is not the working tree. */
export function settingsLabel(file: string, reader: SettingsReader): string {
  return reader.where ? `${reader.where} ${file}` : file;
}

export interface ConfigFile {
  /** Absolute path of the file the configuration came from. */
  file: string;
  /** The parsed configuration object (for package.json: the "agentcheck" value). */
  value: unknown;
  /** Human name of the source for messages. */
  source: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The configuration in one directory, or undefined. */
function configIn(dir: string, root: string, reader: SettingsReader): ConfigFile | undefined {
  const found: { file: string; text: string }[] = [];
  for (const name of CONFIG_FILES) {
    const file = join(dir, name);
    const text = reader.read(file, root);
    if (text !== undefined) found.push({ file, text });
  }
  if (found.length > 1) throw new UsageError(`two configuration files in ${dir}${reader.where ? ` (${reader.where})` : ""}: ${CONFIG_FILES.join(" and ")}; keep one`);
  if (found.length === 1) {
    const label = settingsLabel(found[0].file, reader);
    return { file: found[0].file, value: parseJsonc(found[0].text, label), source: label };
  }
  const pkg = join(dir, "package.json");
  let text: string | undefined;
  try {
    text = reader.read(pkg, root);
  } catch {
    // an unreadable package.json is not ours to report, at every entry point alike
    return undefined;
  }
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = parseJsonc(text, pkg, true);
  } catch {
    // a package.json that is not valid JSON (comments and trailing commas included: npm refuses it)
    // holds no agentcheck configuration, the same answer at every entry point, the gate included
    return undefined;
  }
  if (isObj(parsed) && parsed.agentcheck !== undefined) return { file: pkg, value: parsed.agentcheck, source: `${settingsLabel(pkg, reader)} ("agentcheck" key)` };
  return undefined;
}

/** Whether `dir` holds a configuration of its own (a config file, or package.json with an "agentcheck" key). */
export function hasConfigIn(dir: string): boolean {
  try {
    return configIn(dir, dir, DISK_SETTINGS) !== undefined;
  } catch {
    return true; // two configuration files, or one that does not parse: a configuration all the same
  }
}

/**
 * Find the configuration: `explicit` (must exist) wins; otherwise the nearest directory from `cwd` up to
 * `root` (inclusive) holding a configuration. A cwd outside `root` searches `root` only. `reader` says
 * where that search reads (default: the working tree; `check --staged`: the git index); an explicit
 * file is always read from disk (the user named a file, not a repository path).
 */
export function findConfigFile(root: string, explicit?: string, cwd = process.cwd(), reader: SettingsReader = DISK_SETTINGS): ConfigFile | undefined {
  if (explicit) {
    const file = resolve(cwd, explicit);
    const text = readConfigText(file);
    if (text === undefined) throw new UsageError(`configuration file not found: ${explicit}`);
    const pkg = /(^|[\\/])package\.json$/.test(file);
    const raw = parseJsonc(text, file, pkg);
    if (pkg) return { file, value: isObj(raw) ? (raw.agentcheck ?? {}) : {}, source: `${file} ("agentcheck" key)` };
    return { file, value: raw, source: file };
  }
  const top = resolve(root);
  let dir = resolve(cwd);
  if (!isInside(dir, top)) dir = top;
  for (;;) {
    const c = configIn(dir, top, reader);
    if (c) return c;
    if (dir === top) return undefined;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
