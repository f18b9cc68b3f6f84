// The ONE validation of agentcheck's configuration, used by every entry point: `check`, `pre-pr` and
// the other validating commands (src/config.ts loadConfig), the session commands and the hook gate
// (src/state/config.ts readStateSettings), hooks and the MCP server (through those two). Lean (no zod):
// the gate bundle includes it.
//
// What it checks, in order:
//  1. the schema: the JSON Schema the build renders from the one declaration, the zod schema in
//     src/config-schema.ts (scripts/gen-state-schema.mjs -> src/wasm/generated/config-schema.ts):
//     unknown keys ("did you mean"), wrong types, enum values, number bounds, patterns;
//  2. the names it holds: rule ids under validators.*.severity and rules.* (src/wasm/generated/rule-ids.ts,
//     generated from the rule files) and the types of rules.*.options, check ids under prePr.checks
//     (src/check-ids.ts), the glob syntax of prePr.pathNormalization.excludes and ignores.
// Any problem is a UsageError (exit 2) "invalid configuration in <file>: <key path>: <problem>"; the
// gate turns it into a deny naming the same file and key.
import { configSchema } from "./wasm/generated/config-schema.js";
import { ruleDecls } from "./wasm/generated/rule-ids.js";
import { CONFIG_MESSAGE_KEY } from "./config-meta.js";
import { CHECK_IDS } from "./check-ids.js";
import { validateGlobs } from "./glob.js";
import { loadIgnores, patternMatcher } from "./ignores.js";
import type { SettingsReader } from "./config-file.js";
import { UsageError } from "./report.js";
import { didYouMean } from "./suggest.js";
import type { Config } from "./config-schema.js";

interface Node {
  type?: string;
  properties?: Record<string, Node>;
  additionalProperties?: boolean | Node;
  propertyNames?: Node;
  items?: Node;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  [k: string]: unknown;
}

/** The keywords this validator implements; the rendering of a new zod construct that uses another one fails loudly. */
const KEYWORDS = new Set(["$schema", "type", "properties", "additionalProperties", "propertyNames", "items", "enum", "pattern", "minimum", "exclusiveMinimum", "maximum", "description", CONFIG_MESSAGE_KEY]);

/** Most problems listed in one message (the rest are counted). */
const MAX_PROBLEMS = 20;
/** A key longer than this gets no "did you mean" (the edit distance is quadratic in its length). */
const MAX_SUGGEST_KEY = 100;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

const patterns = new Map<string, RegExp>();
function regex(p: string): RegExp {
  let r = patterns.get(p);
  if (!r) patterns.set(p, (r = new RegExp(p)));
  return r;
}

/** A key path for messages: "gate.phases", "(root)". */
function keyPath(path: readonly (string | number)[]): string {
  return path.map(String).join(".") || "(root)";
}

class Problems {
  readonly list: string[] = [];
  count = 0;
  add(path: readonly (string | number)[], message: string): void {
    this.raw(`${keyPath(path)}: ${message}`);
  }
  /** A problem whose text names its key path itself. */
  raw(text: string): void {
    this.count++;
    if (this.list.length < MAX_PROBLEMS) this.list.push(text);
  }
}

function checkNode(node: Node, v: unknown, path: (string | number)[], out: Problems): void {
  for (const k of Object.keys(node)) {
    if (!KEYWORDS.has(k)) throw new Error(`configuration schema: keyword '${k}' at ${keyPath(path)} is not implemented by src/config-validate.ts`);
  }
  const own = node[CONFIG_MESSAGE_KEY] as string | undefined;
  const t = node.type;
  if (t === "object") {
    if (!isObj(v)) return out.add(path, `Invalid input: expected object, received ${typeName(v)}`);
    const props = node.properties ?? {};
    for (const [k, val] of Object.entries(v)) {
      const p = [...path, k];
      if (Object.prototype.hasOwnProperty.call(props, k)) {
        checkNode(props[k], val, p, out);
        continue;
      }
      if (node.additionalProperties === false) {
        out.add(p, `unknown key${k.length <= MAX_SUGGEST_KEY ? didYouMean(k, Object.keys(props)) : ""}`);
        continue;
      }
      if (node.propertyNames) {
        const before = out.count;
        checkNode(node.propertyNames, k, p, out);
        if (out.count > before) continue;
      }
      if (isObj(node.additionalProperties)) checkNode(node.additionalProperties, val, p, out);
    }
    return;
  }
  if (t === "array") {
    if (!Array.isArray(v)) return out.add(path, `Invalid input: expected array, received ${typeName(v)}`);
    if (node.items) for (let i = 0; i < v.length; i++) checkNode(node.items, v[i], [...path, i], out);
    return;
  }
  if (t === "string") {
    if (typeof v !== "string") return out.add(path, `Invalid input: expected string, received ${typeName(v)}`);
    if (node.enum && !node.enum.includes(v)) return out.add(path, `Invalid option: expected one of ${node.enum.map((e) => JSON.stringify(e)).join("|")}`);
    if (node.pattern !== undefined && !regex(node.pattern).test(v)) return out.add(path, own ?? `Invalid string: must match pattern /${node.pattern}/`);
    return;
  }
  if (t === "boolean") {
    if (typeof v !== "boolean") out.add(path, `Invalid input: expected boolean, received ${typeName(v)}`);
    return;
  }
  if (t === "integer" || t === "number") {
    if (typeof v !== "number" || !Number.isFinite(v)) return out.add(path, `Invalid input: expected number, received ${typeName(v)}`);
    if (t === "integer" && !Number.isInteger(v)) return out.add(path, "Invalid input: expected int, received number");
    if (node.minimum !== undefined && v < node.minimum) return out.add(path, `Too small: expected number to be >=${node.minimum}`);
    if (node.exclusiveMinimum !== undefined && v <= node.exclusiveMinimum) return out.add(path, `Too small: expected number to be >${node.exclusiveMinimum}`);
    if (node.maximum !== undefined && v > node.maximum) return out.add(path, `Too big: expected number to be <=${node.maximum}`);
    return;
  }
  if (t === undefined) return; // {}: any value (rules.*.options.* before the option check below)
  throw new Error(`configuration schema: type '${t}' at ${keyPath(path)} is not implemented by src/config-validate.ts`);
}

/** Reads no file: the configured ignores alone are compiled (.agentcheckignore is checked where it is read). */
const NO_FILES: SettingsReader = { read: () => undefined };

/**
 * The first problem with one rule's options (`rules.<id>.options`), or undefined: the rule must exist,
 * each option be declared and of its type. engine.executeValidator checks the rule options a run is given (also a library caller's) with it.
 */
export function ruleOptionsProblem(id: string, options: Readonly<Record<string, unknown>>): string | undefined {
  const decls = ruleDecls();
  const rule = Object.prototype.hasOwnProperty.call(decls, id) ? decls[id] : undefined;
  if (!rule) return `rules.${id}: unknown rule`;
  for (const [name, value] of Object.entries(options)) {
    const decl = Object.prototype.hasOwnProperty.call(rule.options, name) ? rule.options[name] : undefined;
    if (!decl) return `rules.${id}.options.${name}: unknown option (${Object.keys(rule.options).join(", ") || "the rule has none"})`;
    const ok =
      decl.type === "integer" ? Number.isInteger(value) :
      decl.type === "number" ? typeof value === "number" :
      decl.type === "boolean" ? typeof value === "boolean" :
      decl.type === "string[]" ? Array.isArray(value) && value.every((v) => typeof v === "string") :
      decl.type === "enum" ? typeof value === "string" && (decl.values ?? []).includes(value) :
      typeof value === "string";
    if (!ok) return `rules.${id}.options.${name}: expected ${decl.type === "enum" ? (decl.values ?? []).join(" | ") : decl.type}`;
  }
  return undefined;
}

/** The names a schema-valid configuration holds: rule ids, option types, check ids, globs. */
function checkNames(config: Config, out: Problems): void {
  const decls = ruleDecls();
  const sections = (config.validators ?? {}) as Record<string, { severity?: Record<string, string> } | undefined>;
  for (const [key, sec] of Object.entries(sections)) {
    const validator = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const own = Object.keys(decls).filter((id) => decls[id].validator === validator);
    for (const id of Object.keys(sec?.severity ?? {})) {
      if (own.includes(id)) continue;
      const other = Object.prototype.hasOwnProperty.call(decls, id) ? decls[id] : undefined;
      out.add(["validators", key, "severity", id], other
        ? `rule ${id} belongs to the ${other.validator} validator, not ${validator}`
        : `unknown rule id${id.length <= MAX_SUGGEST_KEY ? didYouMean(id, own) : ""} (see docs/rules.md)`);
    }
  }
  for (const [id, r] of Object.entries(config.rules ?? {})) {
    const p = ruleOptionsProblem(id, r.options ?? {});
    if (p) out.raw(p);
  }
  const ids: readonly string[] = CHECK_IDS;
  for (const id of Object.keys(config.prePr?.checks ?? {})) {
    if (!ids.includes(id)) out.add(["prePr", "checks", id], `unknown check id${id.length <= MAX_SUGGEST_KEY ? didYouMean(id, ids) : ""} (see agentcheck pre-pr --list)`);
  }
  // the glob syntax, by the matchers that use the globs (their messages name the list and the pattern)
  const glob = (f: () => void) => {
    try {
      f();
    } catch (e) {
      out.raw((e as Error).message);
    }
  };
  glob(() => validateGlobs(config.prePr?.pathNormalization?.excludes, "prePr.pathNormalization.excludes"));
  glob(() => loadIgnores("", config.ignores, NO_FILES));
  (config.overrides ?? []).forEach((o, i) => {
    if (!o.files || o.files.length === 0) out.add(["overrides", String(i), "files"], "required: at least one pattern");
    if (!o.rules || Object.keys(o.rules).length === 0) out.add(["overrides", String(i), "rules"], "required: at least one rule id");
    for (const id of Object.keys(o.rules ?? {})) {
      if (/^AC-9/.test(id)) out.add(["overrides", String(i), "rules", id], "a file that was not read or checked (AC-9xx) cannot be re-graded: it would pass unchecked");
      else if (!Object.prototype.hasOwnProperty.call(decls, id)) out.add(["overrides", String(i), "rules", id], `unknown rule id${id.length <= MAX_SUGGEST_KEY ? didYouMean(id, Object.keys(decls)) : ""} (see docs/rules.md)`);
    }
    glob(() => patternMatcher(o.files ?? [], `configuration overrides[${i}].files`));
  });
}

/**
 * Validate a parsed configuration (the value of the file, or of package.json's "agentcheck" key);
 * `source` names it in messages. Returns it typed, or throws a UsageError listing every problem (at
 * most MAX_PROBLEMS, then how many more).
 */
export function validateConfig(value: unknown, source: string): Config {
  const out = new Problems();
  checkNode(configSchema() as Node, value, [], out);
  if (out.count === 0) checkNames(value as Config, out);
  if (out.count === 0) return value as Config;
  const more = out.count - out.list.length;
  throw new UsageError(`invalid configuration in ${source}: ${out.list.join("; ")}${more > 0 ? `; … (${more} more)` : ""}`);
}

/** The library's name for validateConfig (src/index.ts). */
export const parseConfig = validateConfig;
