// Where validators read workspace files from: the working tree (DiskSource) or, for
// `check --staged`, the git index. Validators read through a FileSource so every mode gives the
// same verdict on the same content.
import { lstatSync, readdirSync, statSync, type Dirent, type Stats } from "node:fs";
import { readOrThrow } from "./fsread.js";
import { joinPath } from "./fspath.js";

export type EntryType = "file" | "dir" | "symlink" | "other";

export interface FileSource {
  /** Absolute path of the workspace (repository) root. */
  readonly root: string;
  readonly kind: "disk" | "index";
  /**
   * Entries of a repo-relative directory ("" = root), sorted by name; undefined when absent. On disk
   * each carries its directory entry (`entry`), which a later bounded read may take instead of an lstat.
   */
  list(relDir: string): { name: string; type: EntryType; entry?: Dirent }[] | undefined;
  /** Type of a repo-relative path (symlinks are not followed), or undefined when absent. */
  type(rel: string): EntryType | undefined;
  /** Size in bytes (following symlinks on disk), or undefined when absent. */
  size(rel: string): number | undefined;
  /**
   * Bytes of a repo-relative file; throws (with a code) when unreadable. On disk this goes through
   * the bounded reader: special files, dangling links, link loops and links out of the repository
   * throw a ReadRefusedError (src/fsread.ts) carrying the AC-900/AC-901 refusal.
   */
  read(rel: string): Uint8Array;
  /**
   * Optional: size() then read() in one: the size when it is over `maxBytes` (nothing read), else the
   * bytes as read() gives them (throws like read()). On disk one lstat serves both when the path is
   * not a symbolic link (src/engine.ts readArtifact).
   */
  readUpTo?(rel: string, maxBytes: number): Uint8Array | { size: number };
  /**
   * Optional: the repo-relative path `rel` leads to when it is a symbolic link the source follows
   * itself (the index: links are followed inside the index), or `rel`. Throws like read().
   */
  resolvedPath?(rel: string): string;
  /**
   * Optional hint: these repo-relative paths are about to be read (the index source loads their
   * blobs in one git process instead of guessing from the directory). Never changes what read() returns.
   */
  prefetch?(paths: string[]): void;
}

function typeOf(st: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryType {
  return st.isSymbolicLink() ? "symlink" : st.isDirectory() ? "dir" : st.isFile() ? "file" : "other";
}

export class DiskSource implements FileSource {
  readonly kind = "disk" as const;
  /** `maxBytes`: hard ceiling of one read (callers apply their own, lower, limit through size()). */
  constructor(readonly root: string, private readonly maxBytes = 1024 * 1024 * 1024) {}
  /** Resolved folders of this source's reads (one realpath per folder, not one per file: src/fsread.ts). */
  private readonly realDirs = new Map<string, string>();

  private abs(rel: string): string {
    return rel === "" ? this.root : joinPath(this.root, rel);
  }

  list(relDir: string) {
    try {
      const listed = readdirSync(this.abs(relDir), { withFileTypes: true });
      // by name in UTF-16 code unit order (the comparison of `<`), by the array's own sort: a
      // comparator function is called about n log n times, interpreted in a short-lived process
      const byName = new Map<string, Dirent>();
      for (const e of listed) byName.set(e.name, e);
      const names = [...byName.keys()].sort();
      return names.map((name) => {
        const e = byName.get(name)!;
        return { name, type: typeOf(e), entry: e };
      });
    } catch {
      return undefined;
    }
  }

  type(rel: string) {
    try {
      return typeOf(lstatSync(this.abs(rel)));
    } catch {
      return undefined;
    }
  }

  size(rel: string) {
    try {
      return statSync(this.abs(rel)).size;
    } catch {
      return undefined;
    }
  }

  read(rel: string): Uint8Array {
    return readOrThrow(this.abs(rel), { maxBytes: this.maxBytes, root: this.root, realDirs: this.realDirs });
  }

  readUpTo(rel: string, maxBytes: number): Uint8Array | { size: number } {
    const abs = this.abs(rel);
    let st: Stats | undefined;
    try {
      st = lstatSync(abs);
    } catch {
      st = undefined;
    }
    if (st === undefined || st.isSymbolicLink()) {
      // a link's size is its target's (size() follows it); nothing there: read() says why
      const size = this.size(rel);
      return size !== undefined && size > maxBytes ? { size } : this.read(rel);
    }
    if (st.size > maxBytes) return { size: st.size };
    // the lstat is the read's own (ReadOptions.entry): not taken again
    return readOrThrow(abs, { maxBytes: this.maxBytes, root: this.root, realDirs: this.realDirs, entry: st });
  }
}
