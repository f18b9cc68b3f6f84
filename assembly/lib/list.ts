// A list of strings in one payload string, for names that travel between the host and the core
// (file names may hold any character a file system allows: tab, newline, CR). Encoding: a leading
// U+0001, then per item its length in UTF-16 code units, ':', and the item itself. The host side is
// src/wasm/list.ts; both sides count UTF-16 code units, so any string round-trips.

import { joinAll } from "./mdrow";

export const LIST_MARK: i32 = 1;

export function encodeList(items: string[]): string {
  const parts: string[] = ["\u0001"];
  for (let i = 0; i < items.length; i++) {
    parts.push(items[i].length.toString());
    parts.push(":");
    parts.push(items[i]);
  }
  return joinAll(parts, ""); // Array#join copies quadratically
}

export function isList(s: string): bool {
  return s.length > 0 && s.charCodeAt(0) == LIST_MARK;
}

/** Decode an encodeList() payload; a malformed tail ends the list. */
export function decodeList(s: string): string[] {
  const out: string[] = [];
  let i = isList(s) ? 1 : 0;
  const n = s.length;
  while (i < n) {
    let len: i32 = 0;
    let digits = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      len = len * 10 + (c - 48);
      digits++;
      i++;
    }
    if (digits == 0 || i >= n || s.charCodeAt(i) != 58 || i + 1 + len > n) break;
    out.push(s.substring(i + 1, i + 1 + len));
    i += 1 + len;
  }
  return out;
}
