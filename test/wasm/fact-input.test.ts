// Facts are written into the core's input arena from their values (src/wasm/instance.ts writeFact):
// a list item by item, as encodeList writes it, then as UTF-8. The bytes must be exactly those of
// TextEncoder over encodeList's text (the core's input and the cached runs' keys depend on them).
import { describe, expect, it } from "vitest";
import { factBytes, factInputBytes } from "../../dist/wasm/instance.js";
import { encodeList } from "../../dist/wasm/list.js";

const enc = new TextEncoder();
const lists: Record<string, string[]> = {
  empty: [],
  "one empty item": [""],
  "tab, newline and colon in items": ["a\tb", "c\nd", "12:3", ":"],
  "non-ASCII, emoji and lone surrogates": ["é", "日本語", "😀x", "\ud800", "a\udc00b", "\ud83d"],
  "lengths across digit counts": ["x".repeat(9), "y".repeat(10), "z".repeat(99), "w".repeat(100), "v".repeat(12345)],
  "many paths": Array.from({ length: 3000 }, (_, i) => `.agents/sessions/2026-01-${String(i % 31).padStart(2, "0")}-session-${i}.json`),
};
const texts: Record<string, string> = {
  empty: "",
  ascii: "qa/report.md",
  "non-ASCII and lone surrogates": "é 日本 😀 \ud800 end\udc00",
  large: "line\n".repeat(100_000),
};

describe("fact values as the core's input bytes", () => {
  for (const [name, list] of Object.entries(lists)) {
    it(`list, ${name}: the bytes of encodeList's text`, () => {
      const want = enc.encode(encodeList(list));
      expect(factBytes(list)).toBe(want.length);
      expect(Buffer.compare(factInputBytes(list), want)).toBe(0);
    });
  }
  for (const [name, text] of Object.entries(texts)) {
    it(`text, ${name}: its UTF-8 bytes`, () => {
      const want = enc.encode(text);
      expect(factBytes(text)).toBe(want.length);
      expect(Buffer.compare(factInputBytes(text), want)).toBe(0);
    });
  }
});
