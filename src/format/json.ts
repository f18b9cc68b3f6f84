import type { Report } from "../report.js";

/** The JSON document (shape: ReportSchema in report-schema.ts; checked by the tests). */
export function formatJson(report: Report): string {
  return JSON.stringify(report, null, 2) + "\n";
}

/** Lengths of `{\n  "r": [\n    ` and `\n  ]\n}` around an item stringified as {"r": [item]}. */
const WRAP_HEAD = 15;
const WRAP_TAIL = 6;

/**
 * Items stringified together: one JSON.stringify per group is about twice as fast as one per item.
 * A group is at most GROUP items and aims at PIECE_CHARS characters of text (sized by the previous
 * group's characters per item): a piece of a few hundred results over session logs was 1.4 million
 * characters, and each such piece, its cut and its join were large objects that stayed in memory
 * until a full collection (a 5.4 MB report took the peak of a whole-repository check up by ~20 MB);
 * pieces this size die young. The text is the same however the items are grouped.
 */
const GROUP = 256;
export const PIECE_CHARS = 32 * 1024;
/** Items of the first group, which sizes the next ones. */
export const FIRST_GROUP = 4;

/** How many items the next group takes, from `chars` characters written for the last `items` items. */
export function nextGroup(chars: number, items: number): number {
  if (items === 0 || chars === 0) return GROUP;
  return Math.max(1, Math.min(GROUP, Math.floor((PIECE_CHARS * items) / chars)));
}

/**
 * The same document as formatJson, byte for byte, in pieces: one per top-level member and one per
 * group of GROUP results, so a report over tens of thousands of files is written without ever
 * holding its whole text (and the text's UTF-8 copy) in memory.
 */
export function* formatJsonChunks(report: Report): Generator<string> {
  const members = Object.entries(report as unknown as Record<string, unknown>)
    .map(([k, v]) => [k, (v as { toJSON?: () => unknown } | undefined)?.toJSON ? (v as { toJSON: () => unknown }).toJSON() : v] as const)
    .filter(([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol");
  if (members.length === 0) {
    yield "{}\n";
    return;
  }
  yield "{";
  for (let m = 0; m < members.length; m++) {
    const [key, value] = members[m];
    const head = `${m === 0 ? "" : ","}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(value) && value.length > 0) {
      yield `${head}[`;
      for (let i = 0, n = FIRST_GROUP; i < value.length; ) {
        // the items as they sit in a two-level document, already indented by four and separated by
        // ",\n    ": stringified inside {"r": [items]} and cut out (no second pass over their text to
        // indent it); JSON.stringify writes null there for what it cannot serialise, as in the whole document
        // (the separator and the items are two pieces: one joined string would be copied again
        // whole by the writer, src/stdio.ts, to be encoded)
        const items = value.slice(i, i + n);
        const wrapped = JSON.stringify({ r: items }, null, 2);
        yield i === 0 ? "\n    " : ",\n    ";
        yield wrapped.slice(WRAP_HEAD, wrapped.length - WRAP_TAIL);
        i += items.length;
        n = nextGroup(wrapped.length, items.length);
      }
      yield "\n  ]";
    } else {
      yield head + JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");
    }
  }
  yield "\n}\n";
}
