// bin/code-cache.cjs reads a bundle into one buffer holding CommonJS's wrapper and decodes it once
// (Latin-1 when the bytes are ASCII, UTF-8 otherwise; docs/benchmarks.md, n3hook): the module it
// gives must be the module require() gives, with or without a code cache, ASCII or not.
import { describe, it, expect } from "vitest";
import { createRequire } from "node:module";
import { join } from "node:path";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { ROOT, tmpDir } from "../helpers.js";

const require = createRequire(import.meta.url);
const { loadCached, unsealed } = require(join(ROOT, "bin", "code-cache.cjs")) as {
  loadCached: (file: string, opts?: { tag?: string; tmpTag?: string }) => { exports: Record<string, unknown>; saveCache: () => void };
  unsealed: (buf: Buffer) => Buffer | undefined;
};

function bundle(body: string): string {
  const file = join(tmpDir(), "b.cjs");
  writeFileSync(file, `// agentcheck-bundle ${"a".repeat(32)}\n${body}`);
  return file;
}

describe("loadCached's bundle source", () => {
  const body = [
    "const text = 'caf\u00e9 \u2014 \u{1F600}';",
    "exports.text = text;",
    "exports.len = text.length;",
    "exports.names = [typeof exports, typeof require, typeof module, __filename, __dirname];",
    "exports.line = new Error().stack.split('\\n')[1];",
  ].join("\n");

  it.each([
    ["non-ASCII (decoded as UTF-8)", body],
    ["ASCII (decoded as Latin-1)", body.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)],
  ])("%s: the same exports as require(), first run and from the cache", (_name, text) => {
    const file = bundle(text);
    const plain = require(file) as Record<string, unknown>;
    const first = loadCached(file, { tag: "t" });
    expect(first.exports.text).toBe("caf\u00e9 \u2014 \u{1F600}");
    expect(first.exports.len).toBe(plain.len);
    expect(first.exports.names).toEqual(plain.names);
    // the wrapper stays on the bundle's first line: line numbers in stack traces are the file's
    expect(first.exports.line).toBe(plain.line);
    first.saveCache();
    expect(readdirSync(join(file, "..")).some((n) => n.endsWith(".t.v8cache"))).toBe(true);
    const second = loadCached(file, { tag: "t" });
    expect(second.exports.text).toBe(first.exports.text);
    expect(second.exports.names).toEqual(plain.names);
  });
});

describe("loadCached's cache file (read with readSync)", () => {
  it("a cache file with a flipped payload byte or cut short is not used, the answer is the same, and the run writes it again", () => {
    const file = bundle("exports.n = [1, 2, 3].map((x) => x * 2).join(',');");
    const first = loadCached(file, { tag: "f" });
    first.saveCache();
    const cache = join(file, "..", readdirSync(join(file, "..")).find((n) => n.endsWith(".f.v8cache"))!);
    const good = readFileSync(cache);
    expect(unsealed(good)).toBeDefined();
    for (const bad of [Buffer.from(good).fill(good[good.length - 1] ^ 1, good.length - 1), good.subarray(0, good.length - 3)]) {
      writeFileSync(cache, bad);
      const again = loadCached(file, { tag: "f" });
      expect(again.exports.n).toBe("2,4,6");
      again.saveCache();
      const now = readFileSync(cache);
      expect(now.equals(bad)).toBe(false);
      expect(unsealed(now)).toBeDefined();
    }
  });
});
