// Shared host helpers for the planning validators (consistency, traceability): listing folders
// through a FileSource in name order, reading with lossy UTF-8 decoding (D-6), link facts.
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import type { FileSource } from "../source.js";
import { isInside, realish } from "../fsread.js";
import { joinPath, joinPosix } from "../fspath.js";
import { readArtifact } from "../engine.js";
import type { Finding } from "../report.js";

// made on first use (a document with a BOM or a CR): constructing them at load cost every
// consistency and traceability run about 0.3 M instructions (node:internal/encoding, the converter)
let decoder: TextDecoder | undefined;
let encoder: TextEncoder | undefined;

/**
 * Drop one BOM, normalise CRLF and lone CR to LF. Bytes that are not valid UTF-8 text (or hold NUL)
 * are passed through untouched, so the core reports AC-002 at the offset of the first bad byte in
 * the file as it is on disk (issue 11: never decoded lossily into a silent pass).
 */
export function normalizeText(bytes: Uint8Array): Uint8Array {
  // no BOM and no CR: nothing to change (valid UTF-8 decodes and encodes back to the same bytes,
  // and bytes that are not UTF-8 are passed through): no decoding and no copy
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (!bom && !bytes.includes(0x0d)) return bytes;
  if (bytes.includes(0)) return bytes;
  let t: string;
  try {
    t = (decoder ??= new TextDecoder("utf-8", { fatal: true })).decode(bytes);
  } catch {
    return bytes;
  }
  if (t.charCodeAt(0) === 0xfeff) t = t.slice(1);
  if (t.includes("\r")) t = t.replace(/\r\n?/g, "\n");
  return (encoder ??= new TextEncoder()).encode(t);
}

/**
 * Regular files (symlinks to files included) directly in relDir whose names end with `.md`, in name
 * order (D-1, D-5). `folders`: folders with such a name (and links to folders) are listed too, for a
 * store whose every `.md` name is a document (reading one gives a visible AC-901 "is a directory").
 */
export function listMarkdown(source: FileSource, relDir: string, o: { folders?: boolean } = {}): string[] {
  const entries = source.list(relDir);
  if (!entries) return [];
  const out: string[] = [];
  for (const e of entries) {
    if (!e.name.endsWith(".md")) continue;
    const rel = relDir ? `${relDir}/${e.name}` : e.name;
    // special files (FIFOs, sockets, devices) are listed so that reading them gives a visible AC-901
    if (e.type === "file" || e.type === "other" || (o.folders && e.type === "dir")) out.push(e.name);
    else if (e.type === "symlink" && (o.folders || !isDirLink(source, rel))) out.push(e.name); // dangling, loop, outside: AC-901
  }
  return out.sort(byCodePoint);
}

function isDirLink(source: FileSource, rel: string): boolean {
  return source.list(rel) !== undefined;
}

export function byCodePoint(a: string, b: string): number {
  // code-point order: UTF-16 order, unless both strings have a unit from U+D800 up where they first
  // differ (a surrogate against U+E000..U+FFFF: UTF-16 puts the astral character first), compared
  // unit by unit: no array of code points per comparison (a sort makes about n log n of them)
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const p = a.charCodeAt(i);
    const q = b.charCodeAt(i);
    if (p === q) continue;
    if (p < 0xd800 || q < 0xd800) return p - q;
    return byCodePoints(a, b);
  }
  return a.length - b.length;
}

/** byCodePoint by arrays of code points (lone surrogates compare as their own code points). */
function byCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export interface ReadResult {
  bytes?: Uint8Array;
  problem?: Finding;
}

/**
 * A planning document's text (normalizeText). `seen`: the run's bytes read from the working tree, by
 * absolute path (AdoptionOptions.sources), so the inline-directive pass does not read the file again.
 */
export function readDoc(source: FileSource, rel: string, display: string, maxBytes: number, seen?: Map<string, Uint8Array>): ReadResult {
  const r = readArtifact(source, rel, maxBytes, display);
  if (r.problem) return { problem: r.problem };
  if (seen && source.kind === "disk") seen.set(joinPath(source.root, rel), r.bytes!);
  return { bytes: normalizeText(r.bytes!) };
}


/**
 * Python's os.path.realpath (non-strict), which Path.resolve uses: the components are walked in
 * order and a symbolic link is replaced by its target before a later '..' applies (`lnk/../x.md`
 * is x.md beside the link's target, not beside the link); a dangling link still resolves to its
 * target; a loop leaves the rest unresolved. POSIX paths; elsewhere realish(resolve(p)).
 * `links`: what the paths already looked at are (a link's target, or null: not a link, or nothing
 * there), shared by the queries of one run so a folder common to them is looked at once.
 */
export function pyRealpath(p: string, links: Map<string, string | null> = new Map()): string {
  if (sep !== "/") return realish(resolve(p));
  const seen = new Map<string, string | null>();
  const walk = (path: string, rest: string): [string, boolean] => {
    if (rest.startsWith("/")) {
      rest = rest.slice(1);
      path = "/";
    }
    while (rest) {
      const i = rest.indexOf("/");
      const name = i < 0 ? rest : rest.slice(0, i);
      rest = i < 0 ? "" : rest.slice(i + 1);
      if (!name || name === ".") continue;
      if (name === "..") {
        if (path) {
          const head = path === "/" ? "/" : posix.dirname(path);
          const tail = path === "/" ? "" : posix.basename(path);
          path = tail === ".." ? posix.join(head, "..", "..") : head;
        } else path = "..";
        continue;
      }
      const next = joinPosix(path, name);
      let target = links.get(next);
      if (target === undefined) {
        target = linkTargetOf(next);
        links.set(next, target);
      }
      if (target === null) {
        path = next;
        continue;
      }
      if (seen.has(next)) {
        const known = seen.get(next);
        if (known != null) {
          path = known;
          continue;
        }
        return [posix.join(next, rest), false]; // a loop
      }
      seen.set(next, null);
      const [resolved, ok] = walk(path, target);
      if (!ok) return [posix.join(resolved, rest), false];
      path = resolved;
      seen.set(next, path);
    }
    return [path, true];
  };
  return walk("", isAbsolute(p) ? p : `${process.cwd()}/${p}`)[0] || "/";
}

/** The system's realpath of `abs` (it exists), or undefined when it cannot resolve it. */
function systemRealpath(abs: string): string | undefined {
  try {
    return realpathSync.native(abs);
  } catch {
    return undefined;
  }
}

/** A symbolic link's target, or null when `path` is not a link (or nothing is there, or it cannot be looked at). */
function linkTargetOf(path: string): string | null {
  let link = false;
  try {
    // no exception for a missing path (the common case past a dangling link): an exception costs a stack trace
    link = lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch {
    link = false;
  }
  return link ? readlinkSync(path, "utf8") : null;
}

/**
 * Facts for link queries (paths relative to the base path, or absolute): `e` exists, `m` missing,
 * `o` resolves outside the base path. The rule decisions stay in the core.
 */
export function linkStates(source: FileSource, queries: string[]): [string, string][] {
  const out: [string, string][] = [];
  const root = source.root;
  const realRoot = source.kind === "disk" ? realish(root) : root;
  const links = new Map<string, string | null>();
  for (const q of queries) {
    let state: string;
    if (q.includes("\0")) state = "m";
    else if (source.kind === "disk") {
      // as the reference: the link's folder joined with the target, then Path.resolve (symlinks
      // replaced before '..' applies; a dangling link resolves to its target), then the containment
      // test and, inside, the existence of the resolved path
      const abs = isAbsolute(q) ? q : `${root.split(sep).join("/")}/${q}`;
      // a path the system resolves (every folder on the way there, the last name there) is where
      // Python's realpath puts it too, which walks the same names in the same order: one call for
      // the usual link to an existing file; anything else (a dangling link, a loop, a missing or
      // unreadable part, a file name followed by more) by pyRealpath's walk
      const found = sep === "/" ? systemRealpath(abs) : undefined;
      if (found !== undefined) state = isInside(found, realRoot) ? "e" : "o";
      else {
        const real = pyRealpath(abs, links);
        if (!isInside(real, realRoot)) state = "o";
        else state = existsSync(real) ? "e" : "m";
      }
    } else {
      const abs = isAbsolute(q) ? q : resolve(root, q);
      if (!isInside(abs, root)) state = "o";
      else {
        const rel = posix.normalize(relative(root, abs).split(sep).join("/"));
        state = rel === "." || source.type(rel) !== undefined || source.list(rel) !== undefined ? "e" : "m";
      }
    }
    out.push([q, state]);
  }
  return out;
}
