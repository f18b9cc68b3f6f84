// Rules every validator applies to its input files, plus the ids the host reports for
// conditions found before a file reaches this module (size limit, read errors, crashes).
import { defineRule, msg, RuleDoc } from "../rules";
import { SEV_ERROR } from "../abi";
import { Doc, Input, Results } from "../io";
import { KIND_FACT } from "../abi";
import { AC010, AC011 } from "./pre-pr/directives";
import { Rule } from "../rules";

export const AC001 = defineRule("AC-001", SEV_ERROR);
function AC001_doc(): RuleDoc {
  return {
    id: "AC-001",
    validator: "common",
    title: "Empty file",
    description: "The file is empty (or only white space), so there is nothing to validate.",
    messages: {
      empty: "File is empty",
    },
  };
}
export const AC002 = defineRule("AC-002", SEV_ERROR);
function AC002_doc(): RuleDoc {
  return {
    id: "AC-002",
    validator: "common",
    title: "Binary or invalid UTF-8",
    description: "The file contains NUL bytes or is not valid UTF-8 text.",
    messages: {
      binary: "File is binary or not valid UTF-8 (first bad byte at offset {{offset}})",
    },
  };
}
// Host-reported (declared here so that every rule id has one home and one description).
export const AC900 = defineRule("AC-900", SEV_ERROR);
function AC900_doc(): RuleDoc {
  return {
    id: "AC-900",
    validator: "common",
    title: "File too large",
    description: "The file is larger than the configured limit (default 8 MiB) and was not read.",
    messages: {
      detail: "File too large: {{detail}}",
    },
  };
}
export const AC901 = defineRule("AC-901", SEV_ERROR);
function AC901_doc(): RuleDoc {
  return {
    id: "AC-901",
    validator: "common",
    title: "File unreadable",
    description: "The file was not read: not a regular file (a FIFO, socket, device or directory), a dangling symbolic link or a link loop, a link whose target is outside the repository (never followed), permissions, or an I/O error.",
    messages: {
      detail: "File unreadable: {{detail}}",
    },
  };
}
export const AC902 = defineRule("AC-902", SEV_ERROR);
function AC902_doc(): RuleDoc {
  return {
    id: "AC-902",
    validator: "common",
    title: "Internal error",
    description: "The rule core aborted or trapped on this file; the run exits 2 and the file is never reported as passing.",
    messages: {
      detail: "Internal error: {{detail}}",
    },
  };
}
export const AC903 = defineRule("AC-903", SEV_ERROR);
function AC903_doc(): RuleDoc {
  return {
    id: "AC-903",
    validator: "common",
    title: "Input too large for the core",
    description: "The file together with the facts it needs exceeds the rule core's input limit (default 64 MiB) and was not checked.",
    messages: {
      detail: "Input too large for the core: {{detail}}",
    },
  };
}
export const AC904 = defineRule("AC-904", SEV_ERROR);
function AC904_doc(): RuleDoc {
  return {
    id: "AC-904",
    validator: "common",
    title: "Internal limit reached",
    description: "A check ran out of one of the core's budgets on this input (for example the regular-expression engine's step or depth budget), so it has no verdict; this is never reported as a match, a mismatch or a pass.",
    messages: {
      schema: "Schema: {{path}}: {{message}}",
    },
  };
}

/** Byte offset of the first invalid UTF-8 sequence or NUL byte, or -1 when the bytes are clean. */
export function firstBadByte(ptr: usize, len: i32): i32 {
  let i: i32 = 0;
  const zero = i8x16.splat(0);
  while (i < len) {
    // sixteen ASCII bytes without a NUL at a time (WebAssembly SIMD)
    if (i + 16 <= len) {
      const v = v128.load(ptr + <usize>i);
      if ((i8x16.bitmask(v) | i8x16.bitmask(i8x16.eq(v, zero))) == 0) {
        i += 16;
        continue;
      }
    }
    // eight ASCII bytes without a NUL at a time
    if (i + 8 <= len) {
      const w = load<u64>(ptr + <usize>i);
      if ((w & 0x8080808080808080) == 0 && ((w - 0x0101010101010101) & ~w & 0x8080808080808080) == 0) {
        i += 8;
        continue;
      }
    }
    const b = <i32>load<u8>(ptr + <usize>i);
    if (b == 0) return i;
    if (b < 0x80) { i++; continue; }
    let need: i32 = 0;
    let min: i32 = 0;
    let cp: i32 = 0;
    if ((b & 0xe0) == 0xc0) { need = 1; cp = b & 0x1f; min = 0x80; }
    else if ((b & 0xf0) == 0xe0) { need = 2; cp = b & 0x0f; min = 0x800; }
    else if ((b & 0xf8) == 0xf0) { need = 3; cp = b & 0x07; min = 0x10000; }
    else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= len) return i;
      const c = <i32>load<u8>(ptr + <usize>(i + k));
      if ((c & 0xc0) != 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** Shared content gate: false (with a finding) when the file is empty, binary or not UTF-8. */
export function checkContent(doc: Doc, results: Results): bool {
  const bad = firstBadByte(doc.ptr, doc.len);
  if (bad >= 0) {
    results.report(AC002, doc, 0, 0, msg("binary").s("offset", bad.toString()));
    return false;
  }
  let blank = true;
  for (let i: i32 = 0; i < doc.len; i++) {
    const c = load<u8>(doc.ptr + <usize>i);
    if (c != 32 && c != 9 && c != 10 && c != 13 && !(i < 3 && (c == 0xef || c == 0xbb || c == 0xbf))) {
      blank = false;
      break;
    }
  }
  if (blank) {
    results.report(AC001, doc, 0, 0, msg("empty"));
    return false;
  }
  return true;
}

/**
 * Text screen for validators that parse every document they get (consistency, traceability,
 * pre-pr, session-state): a non-empty document that is not valid UTF-8 (invalid sequences, NUL bytes,
 * UTF-16 with or without BOM, binary) gets AC-002 with the offset of the first bad byte and is taken
 * out of the input, so no rule ever sees replacement characters and the file never passes unchecked.
 * With `keep` (consistency, traceability) it stays in the input marked unread (Doc.unread) instead.
 */
export function screenText(input: Input, results: Results, keep: bool = false): void {
  const kept: Doc[] = [];
  for (let i = 0; i < input.docs.length; i++) {
    const d = input.docs[i];
    if (d.kind != KIND_FACT && d.len > 0) {
      const bad = firstBadByte(d.ptr, d.len);
      if (bad >= 0) {
        results.report(AC002, d, 0, 0, msg("binary").s("offset", bad.toString()));
        if (!keep) continue;
        // keep: the document stays (its name still counts, e.g. as a feature's artifact) without
        // content, marked unread, so no rule takes it for empty
        d.unread = true;
        d.len = 0;
      }
    }
    kept.push(d);
  }
  input.docs = kept;
}

/** The common rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  AC001, AC002, AC010, AC011, AC900, AC901, AC902, AC903, AC904,
];
