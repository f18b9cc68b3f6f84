// The bounded reader (src/fsread.ts): file type first, never a blocking open, links resolved and
// kept inside the repository, size limit before reading (issue 11 item 1).
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync, truncateSync } from "node:fs";
import { createServer } from "node:net";
import { isAbsolute, join, posix, relative } from "node:path";
import { readBounded, readTextBounded, inspectFile, firstBadByte, isInside, cleanTail } from "../../src/fsread.js";
import { isInside as repoIsInside, toRepoPath } from "../../src/repo.js";
import { joinPath, joinPosix } from "../../src/fspath.js";
import { tmpDir } from "../helpers.js";

function fixture() {
  const root = tmpDir("agentcheck-fsread-");
  const outside = tmpDir("agentcheck-fsread-out-");
  writeFileSync(join(outside, "secret.md"), "SECRET-TOKEN\n");
  writeFileSync(join(root, "ok.md"), "# ok\n");
  execFileSync("mkfifo", [join(root, "fifo.md")]);
  symlinkSync("fifo.md", join(root, "fifo-link.md"));
  symlinkSync("/dev/zero", join(root, "zero.md"));
  mkdirSync(join(root, "dir.md"));
  symlinkSync("nope.md", join(root, "dangling.md"));
  symlinkSync("loop-b.md", join(root, "loop-a.md"));
  symlinkSync("loop-a.md", join(root, "loop-b.md"));
  symlinkSync(join(outside, "secret.md"), join(root, "out.md"));
  symlinkSync("ok.md", join(root, "in-link.md"));
  writeFileSync(join(root, "big.md"), "");
  truncateSync(join(root, "big.md"), 50 * 1024 * 1024);
  return { root, outside };
}

describe("fsread: AC-901 not a regular file / outside the repository, AC-900 before reading", () => {
  const { root } = fixture();
  const opts = { maxBytes: 8 * 1024 * 1024, root };
  const cases: [string, string, string][] = [
    ["fifo.md", "AC-901", "not-regular"],
    ["fifo-link.md", "AC-901", "not-regular"],
    ["zero.md", "AC-901", "outside"],
    ["dir.md", "AC-901", "directory"],
    ["dangling.md", "AC-901", "dangling"],
    ["loop-a.md", "AC-901", "loop"],
    ["out.md", "AC-901", "outside"],
    ["big.md", "AC-900", "too-large"],
    ["missing.md", "AC-901", "missing"],
  ];
  for (const [name, rule, reason] of cases) {
    it(`${name} is refused with ${rule} (${reason})`, () => {
      const r = readBounded(join(root, name), opts);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.refusal.ruleId).toBe(rule);
      expect(r.refusal.reason).toBe(reason);
      expect(r.refusal.detail).not.toContain("SECRET");
      expect(r.refusal.detail).not.toContain("/dev/zero");
    });
  }

  it("/dev/zero via symlink without a root is refused as a character device", () => {
    const r = readBounded(join(root, "zero.md"), { maxBytes: 1024 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.detail).toContain("character device");
  });

  it("a socket is refused (AC-901 not a regular file)", async () => {
    const sock = join(root, "sock.md");
    const srv = createServer();
    await new Promise<void>((res) => srv.listen(sock, () => res()));
    try {
      const r = inspectFile(sock, opts);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.refusal.detail).toContain("socket");
    } finally {
      srv.close();
    }
  });

  it("regular files and links inside the repository are read", () => {
    const a = readBounded(join(root, "ok.md"), opts);
    const b = readBounded(join(root, "in-link.md"), opts);
    expect(a.ok && a.bytes.toString()).toBe("# ok\n");
    expect(b.ok && b.bytes.toString()).toBe("# ok\n");
  });

  it("readTextBounded drops a BOM and refuses invalid UTF-8 with the byte offset", () => {
    writeFileSync(join(root, "bom.json"), Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
    writeFileSync(join(root, "bad.json"), Buffer.from([0x7b, 0x20, 0xc3, 0x28, 0x7d]));
    const a = readTextBounded(join(root, "bom.json"), opts);
    expect(a.ok && a.text).toBe("{}");
    const b = readTextBounded(join(root, "bad.json"), opts);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.refusal.detail).toContain("offset 2");
  });

  it("readTextBounded decodes valid UTF-8 as the strict TextDecoder does (one BOM dropped by the decoder, a second by the reader)", () => {
    const strict = new TextDecoder("utf-8", { fatal: true });
    const bom = [0xef, 0xbb, 0xbf];
    const cases: number[][] = [[], bom, [...bom, ...bom], [...bom, ...bom, ...bom, 0x61],
      [...Buffer.from("é ∑ 𝄞 ok")], [...bom, ...Buffer.from("\u{feff}x")], [0x61, ...bom]];
    cases.forEach((bytes, i) => {
      const f = join(root, `dec-${i}.txt`);
      writeFileSync(f, Buffer.from(bytes));
      const r = readTextBounded(f, opts);
      let want = strict.decode(Uint8Array.from(bytes));
      if (want.charCodeAt(0) === 0xfeff) want = want.slice(1);
      expect(r.ok && r.text, `case ${i}`).toBe(want);
    });
  });

  it("firstBadByte: NUL, UTF-16, overlong, surrogates", () => {
    expect(firstBadByte(Buffer.from("ok é"))).toBe(-1);
    expect(firstBadByte(Buffer.from([0x61, 0x00]))).toBe(1);
    expect(firstBadByte(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toBe(0);
    expect(firstBadByte(Buffer.from([0xc0, 0xaf]))).toBe(0);
    expect(firstBadByte(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
  });

  it("firstBadByte: the native check for valid UTF-8 gives the byte walk's answer on random and near-valid bytes", () => {
    // the walk as it was before the native check: the first NUL or invalid sequence (strict UTF-8)
    const walk = (b: Uint8Array): number => {
      for (let i = 0; i < b.length; ) {
        const c = b[i];
        if (c === 0) return i;
        if (c < 0x80) { i++; continue; }
        const need = (c & 0xe0) === 0xc0 ? 1 : (c & 0xf0) === 0xe0 ? 2 : (c & 0xf8) === 0xf0 ? 3 : -1;
        if (need < 0) return i;
        let cp = c & [0, 0x1f, 0x0f, 0x07][need];
        for (let k = 1; k <= need; k++) {
          if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i;
          cp = (cp << 6) | (b[i + k] & 0x3f);
        }
        if (cp < [0, 0x80, 0x800, 0x10000][need] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
        i += need + 1;
      }
      return -1;
    };
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    const texts = ["plain ascii", "é 日本 😀 \u{10FFFF}", "a\u0000b", "\u{1F600}\u0000"];
    for (let t = 0; t < 3000; t++) {
      const base = Buffer.from(texts[t % texts.length].repeat(1 + rnd(4)), "utf8");
      const b = t % 3 === 0 ? Buffer.from(Array.from({ length: rnd(12) }, () => rnd(256))) : Buffer.from(base);
      if (t % 3 === 1 && b.length > 0) b[rnd(b.length)] = rnd(256); // one byte changed
      expect(firstBadByte(b)).toBe(walk(b));
    }
  });
});

describe("fsread realDirs: one realpath per folder gives every file's realpath(3) answer", () => {
  const { root, outside } = fixture();
  mkdirSync(join(root, "sub"));
  writeFileSync(join(root, "sub", "a.md"), "a\n");
  symlinkSync("sub", join(root, "sub-link"));
  symlinkSync(outside, join(root, "out-dir"));
  const realRoot = execFileSync("realpath", [root], { encoding: "utf8" }).trim();
  it.each([
    ["ok.md", "ok.md"],
    ["sub/a.md", "sub/a.md"],
    ["sub-link/a.md", "sub/a.md"],
    ["in-link.md", "ok.md"],
  ])("AC-901 %s (folder cached, then again) resolves to %s inside the repository", (name, real) => {
    const realDirs = new Map<string, string>();
    for (let k = 0; k < 2; k++) {
      const r = readBounded(join(root, name), { maxBytes: 1024, root, realDirs });
      expect(r.ok && r.info.real).toBe(join(realRoot, real));
    }
  });
  it("AC-901 a file under a folder that links outside is refused (outside), with or without the folder cached", () => {
    const realDirs = new Map<string, string>();
    for (let k = 0; k < 2; k++) {
      const r = readBounded(join(root, "out-dir", "secret.md"), { maxBytes: 1024, root, realDirs });
      expect(!r.ok && r.refusal.reason).toBe("outside");
    }
    expect([...realDirs.values()]).toEqual([execFileSync("realpath", [outside], { encoding: "utf8" }).trim()]);
  });
});

describe("fsread entry: what a directory listing or an lstat already said replaces the read's own lstat", () => {
  const { root } = fixture();
  const entryOf = (name: string) => readdirSync(root, { withFileTypes: true }).find((e) => e.name === name)!;
  it("AC-900: a listed regular file over the limit is refused with the size, as without the entry", () => {
    writeFileSync(join(root, "ten.md"), "0123456789");
    const without = readBounded(join(root, "ten.md"), { maxBytes: 5, root });
    const withEntry = readBounded(join(root, "ten.md"), { maxBytes: 5, root, entry: entryOf("ten.md") });
    expect(!withEntry.ok && withEntry.refusal).toEqual(!without.ok && without.refusal);
    expect(!withEntry.ok && withEntry.refusal.detail).toBe("10 bytes, limit 5");
  });
  it("AC-901: a listed file replaced by a FIFO before the read is refused, not read (the opened file's fstat)", () => {
    writeFileSync(join(root, "swap.md"), "x");
    const e = entryOf("swap.md");
    rmSync(join(root, "swap.md"));
    execFileSync("mkfifo", [join(root, "swap.md")]);
    const r = readBounded(join(root, "swap.md"), { maxBytes: 1024, root, entry: e });
    expect(!r.ok && r.refusal.reason).toBe("not-regular");
  });
  it("AC-901: a listed symbolic link is still resolved (outside: refused)", () => {
    const r = readBounded(join(root, "out.md"), { maxBytes: 1024, root, entry: entryOf("out.md") });
    expect(!r.ok && r.refusal.reason).toBe("outside");
  });
  it("a listed file is read whole, empty or not (the read stops at fstat's size)", () => {
    writeFileSync(join(root, "empty.md"), "");
    for (const [name, text] of [["ok.md", "# ok\n"], ["empty.md", ""]]) {
      const r = readBounded(join(root, name), { maxBytes: 1024, root, entry: entryOf(name) });
      expect(r.ok && r.bytes.toString("utf8")).toBe(text);
    }
  });
});

describe("containment: one isInside for every command, its fast path agrees with path.relative", () => {
  const slow = (p: string, root: string) => {
    const rel = relative(root, p);
    return rel === "" || (rel !== ".." && !rel.startsWith("../") && !isAbsolute(rel));
  };
  const roots = ["/r", "/r/w", "/r/w/", "/", "/r/./w", "/r/x/../w"];
  const tails = ["", "/", "/a", "/a/b.md", "/..a", "/..a/b", "/a/../b", "/a/./b", "/a//b", "/..", "/../x", "/.", "/a/..", "x", "/a/.b", "/a/b..", "/a/...", "/a/"];
  for (const root of roots) {
    for (const t of tails) {
      const p = root + t;
      it(`isInside(${JSON.stringify(p)}, ${JSON.stringify(root)}) is path.relative's answer`, () => {
        expect(isInside(p, root)).toBe(slow(p, root));
        if (slow(p, root) && isInside(p, root)) expect(toRepoPath(p, root)).toBe(relative(root, p));
      });
    }
  }
  it("a top-level name that starts with '..' is inside (repo.ts and fsread.ts once answered differently)", () => {
    expect(isInside("/r/..notes/x.md", "/r")).toBe(true);
    expect(repoIsInside("/r/..notes/x.md", "/r")).toBe(true);
    expect(isInside("/r/../notes/x.md", "/r")).toBe(false);
    expect(cleanTail("/r/a/b", "/r")).toBe("a/b");
    expect(cleanTail("/r/a/../b", "/r")).toBeUndefined();
  });
});

describe("joinPath / joinPosix: the shortcut gives path.join's answer", () => {
  const bases = ["/r", "/r/a", "/", "/r/", "/r//a", "/r/./a", "/r/../a", "r", "", ".", "/r/.a", "/r/..a"];
  const tails = ["x.md", "a/b.md", ".x.md", "..x", "a/./b", "a/../b", "../b", "./b", "a//b", "a/", "/abs", "", ".", "..", "a/b/.."];
  for (const b of bases) {
    it(`base ${JSON.stringify(b)}`, () => {
      for (const t of tails) {
        expect(joinPath(b, t), t).toBe(join(b, t));
        expect(joinPosix(b, t), t).toBe(posix.join(b, t));
      }
    });
  }
});

describe("fsread: nothing there is a refusal, not an exception (issue 39 item 5)", () => {
  // inspectFile asks lstat for no exception when nothing is there (the settings files a short run
  // looks for); the refusal must be the one the exception gave: ENOENT, and ENOTDIR for a path under a file
  const dir = tmpDir("agentcheck-missing-");
  writeFileSync(join(dir, "file.md"), "x");
  it.each([
    ["absent.md", "ENOENT", "no such file"],
    ["no/such/dir/absent.md", "ENOENT", "no such file"],
    ["file.md/below.md", "ENOTDIR", "no such file"],
    ["absent-\ufffd.md", "ENOENT", "no such file by this name: the file name is not valid UTF-8 (not read; rename the file)"],
  ])("%s: missing, %s", (rel, code, detail) => {
    for (const r of [inspectFile(join(dir, rel), { maxBytes: 100, root: dir }), readBounded(join(dir, rel), { maxBytes: 100, root: dir })]) {
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.refusal).toEqual({ ruleId: "AC-901", reason: "missing", detail, code });
    }
  });
});
