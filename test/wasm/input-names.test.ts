// The input arena (src/wasm/instance.ts writeInput): documents' bytes first, then every name. ASCII
// names are encoded together in one call, others one by one; each document must still reach the core
// with its own name and its own bytes. The core's test trap (fact "debug.trap", assembly/entry.ts)
// fires on the document whose decoded name equals the one given: it shows which name the core read.
import { describe, it, expect } from "vitest";
import { executeValidator } from "../../dist/engine.js";
import { KIND } from "../../dist/wasm/abi.js";

const enc = new TextEncoder();
const NOW = "2026-01-10T00:00:00Z";
const doc = (file: string, n: number) => ({
  file,
  kind: KIND.SESSION_MD,
  bytes: enc.encode(`# Session ${n}\n\n## Session Start\n\n| Req | Step | Status | Evidence |\n|---|---|---|---|\n| MUST | Read HANDOFF | ${n % 2 ? "[x]" : "[ ]"} | read |\n`),
});

const sets: Record<string, string[]> = {
  ascii: Array.from({ length: 40 }, (_, i) => `.agents/sessions/2026-01-${String((i % 28) + 1).padStart(2, "0")}-session-${i}.md`),
  "non-ASCII and emoji": [".agents/sessions/a.md", ".agents/sessions/é.md", ".agents/sessions/日本語.md", ".agents/sessions/😀.md", ".agents/sessions/z.md"],
  // a high surrogate ending one name and a low one starting the next would pair up if the names
  // were measured or written together
  "lone surrogates at the names' ends": [".agents/sessions/a\ud800", "\udc00b.md", ".agents/sessions/c.md", "\ud83d", "\ude00.md"],
};

describe("document names and bytes in the input arena", () => {
  for (const [label, names] of Object.entries(sets)) {
    it(`${label}: every document keeps its name and bytes`, () => {
      const docs = names.map((f, i) => doc(f, i));
      const batch = executeValidator("session-log", docs, { now: NOW }, { separable: true });
      const alone = docs.flatMap((d) => executeValidator("session-log", [d], { now: NOW }, { separable: true }).results);
      expect(batch.results).toEqual(alone);
      for (const target of [0, names.length - 1, names.length >> 1]) {
        const out = executeValidator("session-log", docs, { now: NOW, "debug.trap": `unreachable:${names[target]}` }, { separable: true });
        const trapped = out.results.filter((r) => r.findings.some((f) => f.ruleId === "AC-902")).map((r) => r.file);
        expect(trapped).toEqual([names[target]]);
      }
    });
  }
});
