// memory-index validator host: lists the memory directory (names and entry types, symlink targets
// resolved), reads the top-level index files and hands everything to the WASM core in one call.
// Every rule decision is in assembly/validators/memory-index/.
import type { RuleSettings } from "../run-settings.js";
import { DEFAULT_PATHS } from "../config.js";
import { realpathSync, statSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import { KIND } from "../wasm/abi.js";
import { decodeList } from "../wasm/list.js";
import { executeValidator, hostFinding, optionFacts, problemResult, readArtifact, type ContentDoc, type Facts, type ValidatorOutput } from "../engine.js";
import type { FileResult } from "../report.js";
import type { EntryType, FileSource } from "../source.js";
import { FLAGS } from "../wasm/contract.js";
import { pushAll } from "../arrays.js";
import { joinPath } from "../fspath.js";

/** auto (default): current when memory files live in subfolders, else reference (decided in the core). */
export type MemoryLayout = "reference" | "current" | "auto";
export type Level = "warn" | "error" | "off";

export interface MemoryIndexOptions {
  source: FileSource;
  /** Memory directory relative to source.root ("" = the root itself), forward slashes. */
  dir: string;
  /** Path shown for the directory in results (files below it are shown as display/rel). */
  display: string;
  layout?: MemoryLayout;
  /** The option `level` of the orphan rules (MI-015, MI-016, MI-017, MI-103); default: their declaration or rules.<ID>.options. */
  orphans?: Level;
  /** The option `level` of MI-019. */
  naming?: Level;
  /** The run's rule options and severities (default: every rule's declared ones). */
  rules?: RuleSettings;
  maxFileBytes: number;
  /**
   * The run's bytes read from the working tree, by absolute path (AdoptionOptions.sources): the files
   * this validator reads are added, so the inline-directive pass does not read them again.
   */
  sources?: Map<string, Uint8Array>;
  /**
   * The run's directory entries by absolute path (AdoptionOptions.entries): the listed regular files
   * this validator reports on are added, so the inline-directive pass reads them without an lstat.
   */
  entries?: Map<string, Dirent>;
}

export const DEFAULT_MEMORY_DIR = DEFAULT_PATHS.memories;
const MI = FLAGS.memoryIndex;
const TYPE_FLAG: Record<EntryType, number> = { file: MI.TYPE_FILE, dir: MI.TYPE_DIR, symlink: MI.TYPE_LINK, other: MI.TYPE_OTHER };
const F_UNREAD = MI.UNREAD;
/** Made on first use (a symbolic link in the memories folder): constructing it at load costs every run. */
let enc: TextEncoder | undefined;
const EMPTY = new Uint8Array(0);

interface Listed {
  rel: string;
  type: EntryType;
  /** The directory entry, when the source lists from disk. */
  entry?: Dirent;
}

/** Every entry below the memory directory (symlinks are listed, never followed), sorted. */
export function listMemoryDir(source: FileSource, dir: string): Listed[] {
  const out: Listed[] = [];
  let nested = false;
  const walk = (rel: string) => {
    const entries = source.list(rel === "" ? dir : dir === "" ? rel : `${dir}/${rel}`) ?? [];
    for (const e of entries) {
      if (e.name === ".git") continue;
      const r = rel === "" ? e.name : `${rel}/${e.name}`;
      out.push({ rel: r, type: e.type, entry: e.entry });
      if (e.type === "dir") {
        nested = true;
        walk(r);
      }
    }
  };
  walk("");
  // one folder's entries come sorted by name (FileSource.list): only a nested walk needs sorting
  // ("a/b" goes after "a-c", which the walk visits later)
  return nested ? out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)) : out;
}

/** The entry of `rel` in the sorted listing (binary search), or undefined. */
function listedAt(listed: Listed[], rel: string): Listed | undefined {
  let lo = 0;
  let hi = listed.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = listed[mid].rel;
    if (r === rel) return listed[mid];
    if (r < rel) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Where a symlink leads: "f:<rel>" / "d:<rel>" inside the directory, "o" outside, "b" broken. */
function linkTarget(source: FileSource, dir: string, rel: string): string {
  if (source.kind !== "disk") {
    // the git index (check --staged): the staged link's staged target, as the working tree's would be
    // followed (every link of a commit is resolved inside the index, src/index-source.ts)
    if (!source.resolvedPath) return "b";
    try {
      const full = dir === "" ? rel : `${dir}/${rel}`;
      const real = source.resolvedPath(full);
      const prefix = dir === "" ? "" : `${dir}/`;
      if (!real.startsWith(prefix)) return "o";
      const t = source.type(real);
      return t === "file" ? `f:${real.slice(prefix.length)}` : t === "dir" ? `d:${real.slice(prefix.length)}` : "b";
    } catch (e) {
      return (e as { refusal?: { reason?: string } })?.refusal?.reason === "outside" ? "o" : "b";
    }
  }
  try {
    const base = realpathSync(join(source.root, dir));
    const real = realpathSync(join(source.root, dir, rel));
    const r = relative(base, real);
    if (r.startsWith("..") || r.startsWith(sep) || /^[A-Za-z]:/.test(r)) return "o";
    const st = statSync(real);
    const kind = st.isFile() ? "f" : st.isDirectory() ? "d" : "";
    return kind ? `${kind}:${r.split(sep).join("/")}` : "b";
  } catch {
    return "b";
  }
}

/** The orphan rules: --orphans sets the option `level` of each. */
const ORPHAN_RULES = ["MI-015", "MI-016", "MI-017", "MI-103"];

const isIndexName = (rel: string) => !rel.includes("/") && rel.endsWith("-index.md");

export function validateMemoryIndexDir(opts: MemoryIndexOptions): ValidatorOutput {
  const { source, dir } = opts;
  const full = (rel: string) => (dir === "" ? rel : `${dir}/${rel}`);
  const shown = (rel: string) => (rel === "" ? opts.display : opts.display === "." ? rel : `${opts.display}/${rel}`);
  const docs: ContentDoc[] = [{ file: "", kind: KIND.MEMORY_DIR, bytes: EMPTY }];
  const problems: FileResult[] = [];
  const listed = listMemoryDir(source, dir);
  // the top-level index files are read, and, when MI-020 is on (its option level; off by default), every
  // other markdown memory for its token counts: load exactly those from the git index (one process)
  const tokenCounts = optionFacts("memory-index", opts.rules?.options)["option.MI-020.level"] !== "off";
  const reads = (e: { type: string; rel: string }) => e.type === "file" && (isIndexName(e.rel) || (tokenCounts && e.rel.endsWith(".md")));
  source.prefetch?.(listed.filter(reads).map((e) => full(e.rel)));
  for (const e of listed) {
    let flags = TYPE_FLAG[e.type];
    let bytes: Uint8Array = EMPTY;
    if (e.type === "other") {
      // a FIFO, socket or device among the memories is never opened, and never skipped silently
      problems.push(problemResult("memory-index", hostFinding("AC-901", shown(e.rel), "not a regular file (a FIFO, socket or device; not read)")));
    }
    if (e.type === "symlink") bytes = (enc ??= new TextEncoder()).encode(linkTarget(source, dir, e.rel));
    else if (e.type === "file" && isIndexName(e.rel)) {
      const r = readArtifact(source, full(e.rel), opts.maxFileBytes, shown(e.rel));
      if (r.problem) {
        flags |= F_UNREAD;
        problems.push(problemResult("memory-index", r.problem));
      } else {
        bytes = r.bytes!;
        if (opts.sources && source.kind === "disk") opts.sources.set(joinPath(source.root, full(e.rel)), bytes);
      }
    } else if (reads(e)) {
      // a memory's text only matters to MI-020 (its recorded token count): one it cannot read is
      // marked unread and MI-020 skips it (docs/rules/MI-020.md); no other finding of this validator reads it
      const r = readArtifact(source, full(e.rel), opts.maxFileBytes, shown(e.rel));
      if (r.problem) flags |= F_UNREAD;
      else {
        bytes = r.bytes!;
        if (opts.sources && source.kind === "disk") opts.sources.set(joinPath(source.root, full(e.rel)), bytes);
      }
    }
    docs.push({ file: e.rel, kind: KIND.MEMORY_FILE, flags, bytes });
  }
  const facts: Facts = { layout: opts.layout ?? "auto" };
  // --orphans / --naming (and memoryIndex.orphans / .naming) set the rules' option `level`
  if (opts.orphans !== undefined) for (const id of ORPHAN_RULES) facts[`option.${id}.level`] = opts.orphans;
  if (opts.naming !== undefined) facts["option.MI-019.level"] = opts.naming;
  const out = executeValidator("memory-index", docs, facts, { rules: opts.rules });
  if (opts.entries && source.kind === "disk") {
    for (const r of out.results) {
      const e = listedAt(listed, r.file);
      if (e?.type === "file" && e.entry !== undefined) opts.entries.set(joinPath(source.root, full(e.rel)), e.entry);
    }
  }
  for (const r of out.results) {
    r.file = shown(r.file);
    for (const f of r.findings) f.file = r.file;
    // the core answers the keyword uniqueness as a list of name, value pairs; the report keeps its
    // documented form, one "name<TAB>value" line per entry (README, memory-index data)
    if (r.data?.uniqueness !== undefined) r.data.uniqueness = uniquenessLines(decodeList(r.data.uniqueness));
  }
  pushAll(out.results, problems);
  return out;
}

/** name, value pairs as the report's lines: "name\tvalue" each. */
export function uniquenessLines(pairs: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) lines.push(`${pairs[i]}\t${pairs[i + 1]}`);
  return lines.join("\n");
}

const LEVELS = ["warn", "error", "off"];
/** Checks an option value; returns an error text or undefined. */
export function checkLevel(name: string, v: string | undefined): string | undefined {
  if (v !== undefined && !LEVELS.includes(v)) return `--${name} must be warn, error or off, got '${v}'`;
  return undefined;
}
