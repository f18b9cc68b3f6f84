// MI-005 `uniqueness` data across the core's interface (issue 12 item 4): the core answers a list of
// name, value pairs (an encoded list, so a name may hold a tab or a newline); the report keeps its
// documented text form, one "name<TAB>value" line per entry.
import { describe, it, expect } from "vitest";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";
import { FLAGS } from "../../dist/wasm/contract.js";
const FILE = FLAGS.memoryIndex.TYPE_FILE;
import { decodeList } from "../../dist/wasm/list.js";
import { uniquenessLines } from "../../dist/validators/memory-index.js";
import { idx } from "./mi-helpers.js";

const enc = new TextEncoder();

describe("MI-005 uniqueness payload", () => {
  it("MI-005 the core answers name, value pairs as a list, not tab-separated text", () => {
    const text = idx(["alpha beta gamma", "[a](a.md)"], ["alpha delta", "[b](b.md)"]);
    // the documents as the host hands them over: the directory, the index (read) and the two files (listed, T_FILE)
    const docs = [
      { file: "", kind: KIND.MEMORY_DIR, flags: 0, bytes: new Uint8Array(0) },
      { file: "skills-x-index.md", kind: KIND.MEMORY_FILE, flags: FILE, bytes: enc.encode(text) },
      { file: "a.md", kind: KIND.MEMORY_FILE, flags: FILE, bytes: new Uint8Array(0) },
      { file: "b.md", kind: KIND.MEMORY_FILE, flags: FILE, bytes: new Uint8Array(0) },
    ];
    const out = executeValidator("memory-index", docs, { layout: "current" });
    const ix = out.results.find((r) => r.data?.uniqueness !== undefined);
    expect(ix, JSON.stringify(out.results.map((r) => r.data))).toBeDefined();
    const pairs = decodeList(ix!.data!.uniqueness);
    expect(pairs).toEqual(["a", "0.67", "b", "0.5"]);
    expect(uniquenessLines(pairs)).toBe("a\t0.67\nb\t0.5");
  });
  it("uniquenessLines keeps a name with a space whole", () => {
    expect(uniquenessLines(["my skill", "1.0"])).toBe("my skill\t1.0");
  });
});
