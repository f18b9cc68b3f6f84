// FileSource over the git index: what `git commit` would record, not the working tree.
// The entry list comes from one `git ls-files -s -z`; blob contents from `git cat-file --batch`,
// fetched per directory on first use (validators read whole directories) or in bulk by prefetch().
import { type EntryType, type FileSource } from "./source.js";
import { gitOk, splitZ } from "./git-run.js";

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
  /** directory -> child name -> type */
  private dirs = new Map<string, Map<string, EntryType>>();
  private blobs = new Map<string, Uint8Array>();
  private dirMisses = new Map<string, number>();
  /** Paths with merge conflicts (stages 1..3) and no resolved entry. */
  readonly unmerged: string[] = [];

  constructor(readonly root: string) {
    const fields = splitZ(gitOk(root, ["ls-files", "-s", "-z"]));
    const conflicted = new Set<string>();
    for (const line of fields) {
      // "<mode> <sha> <stage>\t<path>"
      const tab = line.indexOf("\t");
      if (tab < 0) continue;
      const [mode, sha, stage] = line.slice(0, tab).split(" ");
      const path = line.slice(tab + 1);
      if (stage !== "0") {
        conflicted.add(path);
        continue;
      }
      this.entries.set(path, { mode, sha });
    }
    for (const p of conflicted) if (!this.entries.has(p)) this.unmerged.push(p);
    this.dirs.set("", new Map());
    for (const [path, e] of this.entries) this.addPath(path, typeOfMode(e.mode));
  }

  private addPath(path: string, type: EntryType): void {
    let child = path;
    let t = type;
    for (;;) {
      const dir = parentOf(child);
      let m = this.dirs.get(dir);
      const existed = m !== undefined;
      if (!m) {
        m = new Map();
        this.dirs.set(dir, m);
      }
      m.set(dir === "" ? child : child.slice(dir.length + 1), t);
      // a directory that already existed has its ancestors registered
      if (existed || dir === "") return;
      child = dir;
      t = "dir";
    }
  }

  /** Repo-relative paths of every stage-0 index entry, sorted. */
  paths(): string[] {
    return [...this.entries.keys()].sort();
  }

  list(relDir: string) {
    const m = this.dirs.get(relDir);
    if (!m) return undefined;
    return [...m.entries()]
      .map(([name, type]) => ({ name, type }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  type(rel: string): EntryType | undefined {
    if (rel === "") return "dir";
    const e = this.entries.get(rel);
    if (e) return typeOfMode(e.mode);
    return this.dirs.has(rel) ? "dir" : undefined;
  }

  size(rel: string): number | undefined {
    if (!this.entries.has(rel)) return undefined;
    try {
      return this.read(rel).length;
    } catch {
      return undefined;
    }
  }

  read(rel: string): Uint8Array {
    const e = this.entries.get(rel);
    if (!e) {
      const err = new Error(`${rel}: not in the index`) as NodeJS.ErrnoException;
      err.code = this.dirs.has(rel) ? "EISDIR" : "ENOENT";
      throw err;
    }
    let b = this.blobs.get(e.sha);
    if (!b) {
      // first read in a directory: just this file; a second one: the rest of the directory in
      // one process (validators that read one file stay cheap, those that read all stay batched)
      const dir = parentOf(rel);
      const misses = (this.dirMisses.get(dir) ?? 0) + 1;
      this.dirMisses.set(dir, misses);
      const siblings = misses > 1 ? [...(this.dirs.get(dir)?.keys() ?? [])].map((n) => (dir === "" ? n : `${dir}/${n}`)) : [];
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
}
