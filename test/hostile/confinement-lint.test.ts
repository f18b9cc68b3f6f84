// Issue 33 item 1: every read and write of a repository file goes through the confined layer
// (src/fsread.ts for reads, src/fswrite.ts for writes). This reads the sources: a direct node:fs call
// that reads, writes, opens, renames, removes, links or creates a folder anywhere else in src/ fails
// here unless the allowlist below names it with its reason; and every call of the bounded reader
// passes the root it is confined to.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../helpers.js";

const SRC = join(ROOT, "src");
const LAYER = new Set(["src/fsread.ts", "src/fswrite.ts"]);

/** node:fs calls that read, write, open, rename, remove, link or create (stat-like and listing calls are not). */
const FS_CALL = /\b(readFileSync|writeFileSync|appendFileSync|openSync|renameSync|unlinkSync|rmSync|rmdirSync|mkdirSync|copyFileSync|cpSync|linkSync|symlinkSync|truncateSync|chmodSync|mkdtempSync|createReadStream|createWriteStream|readFile|writeFile|appendFile|rename|unlink|rm|rmdir|mkdir|copyFile|link|symlink|truncate|chmod|open)\(/g;

/** Calls outside the layer, each with its reason: `file` → the call names it may use. */
const ALLOW: { file: string; calls: string[]; reason: string }[] = [
  { file: "src/version.ts", calls: ["readFileSync"], reason: "the package's own package.json (next to the code, never a repository file)" },
  { file: "src/prepr/mdversion.ts", calls: ["readFileSync"], reason: "markdownlint's own package.json in node_modules (the package's files)" },
  { file: "src/wasm/instance.ts", calls: ["openSync"], reason: "the package's own WebAssembly module (opened and read by descriptor: fs.readFileSync costs the hook gate its own helpers)" },
  { file: "src/prepr/markdown.ts", calls: ["openSync"], reason: "the package's own md-worker.cjs (its first bytes)" },
  { file: "src/commands/phase.ts", calls: ["readFileSync"], reason: "standard input (descriptor 0) for `phase evidence -`" },
  { file: "src/commands/pre-pr.ts", calls: ["readFileSync"], reason: "standard input (descriptor 0) for `--pr-body -`" },
  { file: "src/stdin-now.ts", calls: ["openSync"], reason: "standard input: a pipe on descriptor 0 opened again through /proc/self/fd/0 without blocking (the hook input), never a repository file" },
  { file: "src/state/lock-owner.ts", calls: ["readFileSync"], reason: "/proc (a lock owner's boot id and start time), never a repository file" },
  { file: "src/output.ts", calls: ["appendFileSync"], reason: "$GITHUB_STEP_SUMMARY: a file the CI runner names, outside the repository by design" },
  {
    file: "src/manifest/index-db.ts", calls: ["rmdirSync"],
    reason: "the SQLite binding's crash-leftover `<db>.lock` folder: rmdir never follows a link (ENOTDIR), and the index path was checked by the confined writer first",
  },
  {
    file: "src/state/store.ts",
    calls: ["readFileSync", "writeFileSync", "linkSync", "unlinkSync", "openSync", "renameSync", "rmSync"],
    reason: "the lock protocol: lock files are made by exclusive create (`wx`, never follows a link) and link(), read with O_NOFOLLOW after lstat, renamed and removed by name (a link itself, never its target), in a folder the store confines (ensureDir) before every lock",
  },
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "generated") out.push(...sources(p));
    } else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** The source without comments and string contents (a call named in a comment or a message is no call). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "))
    .replace(/(^|[^:\\])\/\/.*$/gm, (m, p1: string) => p1 + " ".repeat(m.length - p1.length))
    .replace(/`(?:\\[\s\S]|[^`\\])*`|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) => m[0] + " ".repeat(m.length - 2) + m[m.length - 1]);
}

/** The argument text of the call whose "(" is at `open` (to its matching ")"). */
function argsOf(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const files = sources(SRC).map((abs) => ({ rel: relative(ROOT, abs).split("\\").join("/"), text: readFileSync(abs, "utf8") }));

describe("confinement lint (issue 33 item 1)", () => {
  it("CONF-LINT-01 no direct node:fs read/write/open/rename/unlink/mkdir call in src/ outside fsread.ts and fswrite.ts, but the allowlisted ones", () => {
    const found = new Map<string, Set<string>>();
    const where: string[] = [];
    for (const f of files) {
      if (LAYER.has(f.rel)) continue;
      const c = code(f.text);
      for (const m of c.matchAll(FS_CALL)) {
        // a method of something else (this.store.open(...), db.run) is not node:fs; fs.x( is
        if (c[m.index! - 1] === "." && c.slice(Math.max(0, m.index! - 3), m.index) !== "fs.") continue;
        // an async name (open, rename, ...) is node:fs only when the file imports it from there
        if (!/Sync$|Stream$/.test(m[1]) && !new RegExp(`import\\s*\\{[^}]*\\b${m[1]}\\b[^}]*\\}\\s*from\\s*"node:fs`).test(f.text)) continue;
        const calls = found.get(f.rel) ?? new Set<string>();
        calls.add(m[1]);
        found.set(f.rel, calls);
        where.push(`${f.rel}:${c.slice(0, m.index).split("\n").length} ${m[1]}`);
      }
    }
    const allowed = new Map(ALLOW.map((a) => [a.file, a.calls]));
    const unexpected = where.filter((w) => {
      const [file, call] = [w.slice(0, w.indexOf(":")), w.slice(w.lastIndexOf(" ") + 1)];
      return !allowed.get(file)?.includes(call);
    });
    expect(unexpected, "use src/fsread.ts (reads) or src/fswrite.ts (writes), or add an allowlist entry with its reason").toEqual([]);
    // a stale entry goes: every allowed call is still there
    for (const a of ALLOW) expect([...(found.get(a.file) ?? [])].sort(), `${a.file}: ${a.reason}`).toEqual([...a.calls].sort());
  });

  it("CONF-LINT-02 every bounded read in src/ names the root it is confined to", () => {
    const bad: string[] = [];
    for (const f of files) {
      if (f.rel === "src/fsread.ts") continue;
      const c = code(f.text);
      for (const m of c.matchAll(/\b(readBounded|readTextBounded|readOrThrow|readTextOrThrow|inspectFile)\(/g)) {
        const args = argsOf(c, m.index! + m[0].length - 1);
        if (/^\s*(abs|p|file)\s*:\s*string/.test(args)) continue; // a declaration, not a call
        if (!/\broot\b|\.\.\.(gitCacheConfinement|this\.confine|w\b|opts\b)/.test(args)) bad.push(`${f.rel}:${c.slice(0, m.index).split("\n").length} ${m[1]}(${args.replace(/\s+/g, " ").slice(0, 80)})`);
      }
    }
    expect(bad, "pass `root` (the repository, the notes folder, the git directory; namedFileRoot for a file the user named)").toEqual([]);
  });

  it("CONF-LINT-03 the lint sees a direct call (it can fail)", () => {
    const c = code('import { writeFileSync } from "node:fs";\nwriteFileSync(join(root, ".gitignore"), text); // writeFileSync(x)\nconst s = "readFileSync(y)";\n');
    expect([...c.matchAll(FS_CALL)].map((m) => m[1])).toEqual(["writeFileSync"]);
  });
});
