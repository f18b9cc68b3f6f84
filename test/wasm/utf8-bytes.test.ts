// src/wasm/instance.ts utf8Bytes: the state, its id and the state schema reach the core as these bytes
// (src/state/check.ts stateIssues), encoded by node's native Buffer method instead of TextEncoder (whose
// JavaScript a gate call compiled on its first use). They must be TextEncoder#encode's bytes exactly,
// lone surrogates (U+FFFD) and characters of every UTF-8 length included.
import { describe, it, expect } from "vitest";
import { utf8Bytes } from "../../dist/wasm/instance.js";

const texts: Record<string, string> = {
  empty: "",
  ascii: '{"sessionId":"a-1","currentMode":"analysis"}',
  "two, three and four bytes": "é – 日本語 😀 \u0080\u07ff\u0800\uffff",
  "lone surrogates": "a\ud800b\udc00c\ud83d",
  "lone surrogates at the ends": "\udc00x\ud800",
  "a pair split by nothing": "\ud83d\ude00\ud83d",
  "NUL and controls": "\u0000\u0001\u001f\u007f",
  long: "\u00e9".repeat(70_000) + "x".repeat(70_000),
};

describe("utf8Bytes", () => {
  const enc = new TextEncoder();
  for (const [label, text] of Object.entries(texts)) {
    it(`${label}: TextEncoder's bytes`, () => {
      const got = utf8Bytes(text);
      expect(got).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(got).equals(Buffer.from(enc.encode(text)))).toBe(true);
    });
  }
});
