// Host side of assembly/lib/list.ts: a list of strings in one payload string (U+0001, then per item
// its UTF-16 length, ':' and the item), so names with tab, newline or any other character round-trip
// between the host and the core.

export function encodeList(items: readonly string[]): string {
  let s = "\u0001";
  for (const it of items) s += `${it.length}:${it}`;
  return s;
}

export function isList(s: string): boolean {
  return s.charCodeAt(0) === 1;
}

/** Decode an encodeList() payload (a malformed tail ends the list). */
export function decodeList(s: string): string[] {
  const out: string[] = [];
  let i = isList(s) ? 1 : 0;
  while (i < s.length) {
    const colon = s.indexOf(":", i);
    if (colon <= i || !/^\d+$/.test(s.slice(i, colon))) break;
    const len = Number(s.slice(i, colon));
    if (colon + 1 + len > s.length) break;
    out.push(s.slice(colon + 1, colon + 1 + len));
    i = colon + 1 + len;
  }
  return out;
}
