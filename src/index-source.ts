// FileSource over the git index: what `git commit` would record, not the working tree.
// The entry list comes from one `git ls-files -s -z`; blob contents from `git cat-file --batch`,
// fetched per directory on first use (validators read whole directories) or in bulk by prefetch().
import { type EntryType, type FileSource } from "./source.js";
import { gitOk } from "./git-run.js";
import { ReadRefusedError } from "./fsread.js";
import { posix, relative, resolve, sep } from "node:path";
import { CONFIG_FILES, MAX_CONFIG_BYTES, type SettingsReader } from "./config-file.js";
import { UsageError } from "./report.js";

interface IndexEntry {
  mode: string;
  sha: string;
}

function typeOfMode(mode: string): EntryType {
  if (mode === "120000") return "symlink";
  if (mode === "100644" || mode === "100755") return "file";
  return "other"; // 160000 = submodule (gitlink)
}

function parentOf(rel: string): string {
  const i = rel.lastIndexOf("/");
  return i < 0 ? "" : rel.slice(0, i);
}

export class IndexSource implements FileSource {
  readonly kind = "index" as const;
  private entries = new Map<string, IndexEntry>();
  /** Every stage-0 path, sorted (code-unit order), for prefix lookups. */
  private sorted: string[];
  /** directory -> its entries, built on first use */
  private dirs = new Map<string, { name: string; type: EntryType }[] | null>();
  private blobs = new Map<string, Uint8Array>();
  private dirMisses = new Map<string, number>();
  /** Paths with merge conflicts (stages 1..3) and no resolved entry. */
  readonly unmerged: string[] = [];

  constructor(readonly root: string) {
    const text = gitOk(root, ["ls-files", "-s", "-z"]).toString("utf8");
    const conflicted = new Set<string>();
    // records: "<mode> <sha> <stage>\t<path>\0"
    for (let pos = 0; pos < text.length; ) {
      let nul = text.indexOf("\0", pos);
      if (nul < 0) nul = text.length;
      const tab = text.indexOf("\t", pos);
      if (tab > pos && tab < nul) {
        const sp1 = text.indexOf(" ", pos);
        const sp2 = text.indexOf(" ", sp1 + 1);
        const path = text.slice(tab + 1, nul);
        if (text.slice(sp2 + 1, tab) !== "0") conflicted.add(path);
        else this.entries.set(path, { mode: text.slice(pos, sp1), sha: text.slice(sp1 + 1, sp2) });
      }
      pos = nul + 1;
    }
    for (const p of conflicted) if (!this.entries.has(p)) this.unmerged.push(p);
    this.sorted = [...this.entries.keys()].sort();
  }

  /** Index of the first sorted path >= key. */
  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private dirEntries(relDir: string): { name: string; type: EntryType }[] | null {
    const hit = this.dirs.get(relDir);
    if (hit !== undefined) return hit;
    const prefix = relDir === "" ? "" : `${relDir}/`;
    const out = new Map<string, EntryType>();
    for (let i = this.lowerBound(prefix); i < this.sorted.length; i++) {
      const p = this.sorted[i];
      if (!p.startsWith(prefix)) break;
      const rest = p.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash < 0) out.set(rest, typeOfMode(this.entries.get(p)!.mode));
      else out.set(rest.slice(0, slash), "dir");
    }
    const list =
      out.size === 0 && relDir !== ""
        ? null
        : [...out.entries()].map(([name, type]) => ({ name, type })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.dirs.set(relDir, list);
    return list;
  }

  /** Repo-relative paths of every stage-0 index entry, sorted. */
  paths(): string[] {
    return [...this.sorted];
  }

  list(relDir: string) {
    if (this.entries.has(relDir)) return undefined; // a file, not a directory
    return this.dirEntries(relDir) ?? undefined;
  }

  type(rel: string): EntryType | undefined {
    if (rel === "") return "dir";
    const e = this.entries.get(rel);
    if (e) return typeOfMode(e.mode);
    const i = this.lowerBound(`${rel}/`);
    return i < this.sorted.length && this.sorted[i].startsWith(`${rel}/`) ? "dir" : undefined;
  }

  size(rel: string): number | undefined {
    if (!this.entries.has(rel)) return undefined;
    try {
      return this.read(rel).length;
    } catch {
      return undefined;
    }
  }

  /**
   * Bytes of a staged file. A staged symlink is followed inside the index only: a target outside the
   * repository, a missing target, a loop or a non-file is refused (ReadRefusedError, AC-901); the
   * link's target text is never handed out as the file's content.
   */
  read(rel: string): Uint8Array {
    return this.readBlob(this.resolvedPath(rel));
  }

  /**
   * The staged path a staged symlink leads to (links followed inside the index), or `rel` itself
   * when it is no link; refuses like read() (ReadRefusedError, AC-901).
   */
  resolvedPath(rel: string): string {
    let cur = rel;
    for (let hop = 0; ; hop++) {
      const e = this.entries.get(cur);
      if (!e || e.mode !== "120000") return cur;
      if (hop >= 40) throw new ReadRefusedError({ ruleId: "AC-901", reason: "loop", code: "ELOOP", detail: "symbolic link loop (not read)" });
      const target = Buffer.from(this.readBlob(cur)).toString("utf8");
      const next = posix.normalize(posix.join(parentOf(cur), target));
      if (target.startsWith("/") || next === ".." || next.startsWith("../") || target.includes("\0")) {
        throw new ReadRefusedError({ ruleId: "AC-901", reason: "outside", detail: "symbolic link to a target outside the repository (not read)" });
      }
      const t = this.entries.get(next);
      if (!t) {
        const isDir = this.type(next) === "dir";
        throw new ReadRefusedError(isDir
          ? { ruleId: "AC-901", reason: "directory", code: "EISDIR", detail: "not a regular file (a directory; not read)" }
          : { ruleId: "AC-901", reason: "dangling", code: "ENOENT", detail: "dangling symbolic link (its target does not exist; not read)" });
      }
      if (typeOfMode(t.mode) === "other") {
        throw new ReadRefusedError({ ruleId: "AC-901", reason: "not-regular", detail: "not a regular file (a submodule; not read)" });
      }
      cur = next;
    }
  }

  private readBlob(rel: string): Uint8Array {
    const e = this.entries.get(rel);
    if (!e) {
      const err = new Error(`${rel}: not in the index`) as NodeJS.ErrnoException;
      err.code = this.type(rel) === "dir" ? "EISDIR" : "ENOENT";
      throw err;
    }
    let b = this.blobs.get(e.sha);
    if (!b) {
      // first read in a directory: just this file; a second one: the rest of the directory in
      // one process (validators that read one file stay cheap, those that read all stay batched)
      const dir = parentOf(rel);
      const misses = (this.dirMisses.get(dir) ?? 0) + 1;
      this.dirMisses.set(dir, misses);
      const siblings = misses > 1 ? (this.dirEntries(dir) ?? []).map((e) => (dir === "" ? e.name : `${dir}/${e.name}`)) : [];
      this.prefetch([rel, ...siblings]);
      b = this.blobs.get(e.sha);
      if (!b) throw new Error(`${rel}: blob ${e.sha} could not be read from the object store`);
    }
    return b;
  }

  /** Load the blobs of the given paths (files and symlinks) with one `git cat-file --batch`. */
  prefetch(paths: string[]): void {
    const shas: string[] = [];
    const seen = new Set<string>();
    for (const p of paths) {
      const e = this.entries.get(p);
      if (!e || typeOfMode(e.mode) === "other" || this.blobs.has(e.sha) || seen.has(e.sha)) continue;
      seen.add(e.sha);
      shas.push(e.sha);
    }
    if (shas.length === 0) return;
    const out = gitOk(this.root, ["cat-file", "--batch"], shas.join("\n") + "\n");
    let pos = 0;
    for (let i = 0; i < shas.length && pos < out.length; i++) {
      const nl = out.indexOf(0x0a, pos);
      if (nl < 0) break;
      const header = out.subarray(pos, nl).toString("latin1"); // "<sha> blob <size>" or "<sha> missing"
      pos = nl + 1;
      const parts = header.split(" ");
      if (parts[1] === "missing" || parts.length < 3) continue;
      const size = Number(parts[2]);
      this.blobs.set(parts[0], new Uint8Array(out.buffer, out.byteOffset + pos, size));
      pos += size + 1; // content is followed by a newline
    }
  }

  /**
   * The settings files (configuration, .agentcheckignore, the default baseline) as staged: what CI
   * reads after the commit. A path not in the index is absent (an untracked or deleted file changes
   * nothing); a staged symlink is followed inside the index; a refused link or a file over `maxBytes`
   * is a UsageError, as on disk. `prefetchSettings` loads the candidates first in one process.
   */
  settingsReader(maxBytes = MAX_CONFIG_BYTES): SettingsReader {
    return {
      where: "staged",
      read: (file: string, root: string): string | undefined => {
        const rel = relative(resolve(root), resolve(file)).split(sep).join("/");
        if (!this.entries.has(rel)) return undefined; // the index holds repository-relative paths only
        let bytes: Uint8Array;
        try {
          bytes = this.read(rel);
        } catch (e) {
          if (e instanceof ReadRefusedError) throw new UsageError(`cannot read the staged ${file}: ${e.message}`);
          throw e;
        }
        if (bytes.length > maxBytes) throw new UsageError(`cannot read the staged ${file}: ${bytes.length} bytes, over the ${maxBytes}-byte limit`);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
      },
    };
  }

  /**
   * Load every settings file a run may read, in one `git cat-file --batch` (none when none is staged):
   * the configuration files of each directory from `relCwd` up to the root, and `extra` root files.
   */
  prefetchSettings(relCwd: string, extra: readonly string[]): void {
    const want: string[] = [...extra];
    // a working directory outside the repository reads the root's settings only
    let dir = relCwd === "." || relCwd === ".." || relCwd.startsWith("../") ? "" : relCwd;
    for (;;) {
      for (const name of [...CONFIG_FILES, "package.json"]) want.push(dir === "" ? name : `${dir}/${name}`);
      if (dir === "") break;
      dir = parentOf(dir);
    }
    this.prefetch(want);
  }
}
