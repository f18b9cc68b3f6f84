import type { Report } from "../report.js";

/** The JSON document (shape: ReportSchema in report-schema.ts; checked by the tests). */
export function formatJson(report: Report): string {
  return JSON.stringify(report, null, 2) + "\n";
}

/** Lengths of `{\n  "r": [\n    ` and `\n  ]\n}` around an item stringified as {"r": [item]}. */
const WRAP_HEAD = 15;
const WRAP_TAIL = 6;

/**
 * Items stringified together: one JSON.stringify per group is about twice as fast as one per item,
 * and a piece stays a few hundred results long.
 */
const GROUP = 256;

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
      for (let i = 0; i < value.length; i += GROUP) {
        // the items as they sit in a two-level document, already indented by four and separated by
        // ",\n    ": stringified inside {"r": [items]} and cut out (no second pass over their text to
        // indent it); JSON.stringify writes null there for what it cannot serialise, as in the whole document
        const wrapped = JSON.stringify({ r: value.slice(i, i + GROUP) }, null, 2);
        yield `${i === 0 ? "" : ","}\n    ${wrapped.slice(WRAP_HEAD, wrapped.length - WRAP_TAIL)}`;
      }
      yield "\n  ]";
    } else {
      yield head + JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");
    }
  }
  yield "\n}\n";
}
