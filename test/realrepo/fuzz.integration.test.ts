// Issue 10 item 1: property/fuzz test of the rule core. For every validator, >= 10,000 mutated
// corpus files (byte flips, cut/duplicated ranges, inserted markdown/JSON fragments, truncation,
// shuffled lines) go through the WASM core; no call may throw (no abort, no trap) and the same input
// must give the same output. Files are fed in batches (as the engine does) and each batch runs twice.
import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { runValidator, type DocInput } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";
import { STATE_SCHEMA } from "../../dist/wasm/generated/state-schema.js";
import { CORPUS, HAS_CORPUS } from "../helpers.js";

const PER_VALIDATOR = 10_000;
const BATCH = 50;
const enc = new TextEncoder();
const EFA = join(CORPUS, "ai-agents-efa406e9a");
const JAN = join(CORPUS, "ai-agents-109e737e7");

function files(dir: string, re: RegExp, max = 400, maxBytes = 30_000): Uint8Array[] {
  const out: Uint8Array[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      if (out.length >= max) return;
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (re.test(n) && st.size > 0 && st.size < maxBytes) out.push(new Uint8Array(readFileSync(p)));
    }
  };
  walk(dir);
  return out;
}

const FRAGMENTS = [
  "| MUST | Route to qa agent | [x] | SKIPPED: docs-only |", "|---|---|", "```", "~~~", "## Session End", "- **Starting Commit**: `abc1234`",
  "{", "}", "[", "]", '"Complete": true', '"level": "MUST"', "\\u0000", "\u0000", "\ud800", "💥", "---\nid: REQ-1\nrelated:\n  - X\n---",
  "[x](../../../etc/passwd)", "](", "<!--", "-->", "`", "|", "\r", "\r\n", "\t", "a".repeat(5000), "[".repeat(2000), "{".repeat(2000),
];

/** One mutation of a corpus file. */
const mutated = (pool: Uint8Array[]) =>
  fc
    .tuple(
      fc.nat({ max: pool.length - 1 }),
      fc.array(
        fc.oneof(
          fc.record({ op: fc.constant("flip"), at: fc.nat(), v: fc.nat({ max: 255 }) }),
          fc.record({ op: fc.constant("cut"), at: fc.nat(), len: fc.nat({ max: 400 }) }),
          fc.record({ op: fc.constant("dup"), at: fc.nat(), len: fc.nat({ max: 400 }) }),
          fc.record({ op: fc.constant("ins"), at: fc.nat(), frag: fc.constantFrom(...FRAGMENTS) }),
          fc.record({ op: fc.constant("trunc"), at: fc.nat() }),
          fc.record({ op: fc.constant("shuffle"), seed: fc.nat() }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    )
    .map(([i, ops]) => {
      let b = pool[i];
      for (const o of ops as { op: string; at: number; v: number; len: number; frag: string; seed: number }[]) {
        const at = b.length === 0 ? 0 : o.at % b.length;
        if (o.op === "flip") {
          b = b.slice();
          if (b.length) b[at] = o.v;
        } else if (o.op === "cut") b = new Uint8Array([...b.subarray(0, at), ...b.subarray(at + o.len)]);
        else if (o.op === "dup") b = new Uint8Array([...b.subarray(0, at + o.len), ...b.subarray(at)]);
        else if (o.op === "ins") b = new Uint8Array([...b.subarray(0, at), ...enc.encode(o.frag), ...b.subarray(at)]);
        else if (o.op === "trunc") b = b.subarray(0, at);
        else {
          const lines = new TextDecoder().decode(b).split("\n");
          for (let k = lines.length - 1; k > 0; k--) {
            const j = (o.seed + k * 7919) % (k + 1);
            [lines[k], lines[j]] = [lines[j], lines[k]];
          }
          b = enc.encode(lines.join("\n"));
        }
      }
      return b;
    });

function fact(name: string, v: string): DocInput {
  return { name, kind: KIND.FACT, bytes: enc.encode(v) };
}

/** Run every batch twice: no throw, identical results. */
function fuzz(validator: string, pool: Uint8Array[], seed: number, toDocs: (bytes: Uint8Array[], batch: number) => DocInput[]): number {
  const inputs = fc.sample(mutated(pool), { numRuns: PER_VALIDATOR, seed });
  let fed = 0;
  for (let i = 0; i < inputs.length; i += BATCH) {
    const chunk = inputs.slice(i, i + BATCH);
    const docs = toDocs(chunk, i / BATCH);
    let a, b;
    try {
      a = runValidator(validator as never, docs);
      b = runValidator(validator as never, docs);
    } catch (e) {
      throw new Error(`${validator}: batch ${i / BATCH} (seed ${seed}) threw ${String(e)}`);
    }
    expect(b).toEqual(a);
    fed += chunk.length;
  }
  return fed;
}

const SLOW = { timeout: 600_000 };

describe.skipIf(!HAS_CORPUS)("issue 10: fuzzing the core with mutated corpus files (no trap, deterministic)", () => {
  const now = fact("now", "2026-03-01T00:00:00Z");

  it("session-log (markdown): 10,000 mutated January logs", SLOW, () => {
    const pool = files(join(JAN, ".agents/sessions"), /\.md$/);
    const facts = [now, fact("git", "1"), fact("diff.abc1234", Array.from({ length: 200 }, (_, i) => `src/f${i}.ts`).join("\n"))];
    const n = fuzz("session-log", pool, 10, (c, k) => [...facts, ...c.map((bytes, i) => ({ name: `.agents/sessions/2026-01-0${i % 9 + 1}-session-${k}-${i}.md`, kind: KIND.SESSION_MD, flags: 0, bytes }))]);
    expect(n).toBe(PER_VALIDATOR);
  });

  it("session-log (JSON): 10,000 mutated JSON logs in all three modes", SLOW, () => {
    const pool = files(join(EFA, ".agents/sessions"), /\.json$/);
    const n = fuzz("session-log", pool, 11, (c, k) => [now, ...c.map((bytes, i) => ({ name: `.agents/sessions/2026-02-0${i % 9 + 1}-session-${k}-${i}.json`, kind: KIND.SESSION_JSON, flags: i % 3, bytes }))]);
    expect(n).toBe(PER_VALIDATOR);
  });

  it("memory-index: 10,000 mutated domain and root indices", SLOW, () => {
    const pool = files(join(EFA, ".serena/memories"), /index\.md$/);
    const n = fuzz("memory-index", pool, 12, (c, k) => [
      fact("layout", k % 2 ? "current" : "auto"),
      { name: ".serena/memories", kind: KIND.MEMORY_DIR, bytes: new Uint8Array(0) },
      ...c.map((bytes, i) => ({ name: i === 0 ? "memory-index.md" : `${i % 5 === 0 ? "sub/" : ""}skills-d${i}-index.md`, kind: KIND.MEMORY_FILE, flags: 0, bytes })),
    ]);
    expect(n).toBe(PER_VALIDATOR);
  });

  it("consistency: 10,000 mutated planning documents", SLOW, () => {
    const pool = files(join(EFA, ".agents/planning"), /\.md$/, 400, 8_000);
    const names = (i: number, k: number) => [`.agents/planning/prd-f${k}.md`, `.agents/planning/tasks-f${k}.md`, `.agents/roadmap/EPIC-00${k % 9}-f${k}.md`, `.agents/planning/00${k % 9}-f${k}-plan.md`][i % 4] + (i >= 4 ? `.${i}.md` : "");
    const n = fuzz("consistency", pool, 13, (c, k) => [fact("checkpoint", String(1 + (k % 2))), fact("fx", String(k % 16)), ...c.map((bytes, i) => ({ name: names(i, k), kind: KIND.PLANNING_DOC, flags: 0, bytes }))]);
    expect(n).toBe(PER_VALIDATOR);
  });

  it("traceability: 10,000 mutated spec files", SLOW, () => {
    const pool = files(join(EFA, ".agents/specs"), /\.md$/);
    const dirs = ["requirements/REQ", "design/DESIGN", "tasks/TASK"];
    const n = fuzz("traceability", pool, 14, (c, k) => [fact("fx", String((k % 8) * 16)), ...c.map((bytes, i) => ({ name: `.agents/specs/${dirs[i % 3]}-${k}-${i}.md`, kind: KIND.SPEC_DOC, flags: 0, bytes }))]);
    expect(n).toBe(PER_VALIDATOR);
  });

  it("pre-pr: 10,000 mutated skill, workflow and planning files across the rule families", SLOW, () => {
    const pool = [...files(join(EFA, ".claude"), /\.md$/, 200), ...files(join(EFA, ".github"), /\.ya?ml$/, 200)];
    const fams = ["pin", "wfs", "sfm", "prd", "path", "size", "tok", "drift", "plan"];
    const n = fuzz("pre-pr", pool, 15, (c, k) => [fact("family", fams[k % fams.length]), ...c.map((bytes, i) => ({ name: `x/${k}-${i}.md`, kind: KIND.PREPR_FILE, flags: i % 4, bytes }))]);
    expect(n).toBe(PER_VALIDATOR);
  });

  it("session-state: 10,000 mutated states (SS-001, SS-002)", SLOW, () => {
    const pool = files(join(EFA, ".agents/sessions"), /\.json$/, 100);
    const inputs = fc.sample(mutated(pool), { numRuns: PER_VALIDATOR, seed: 16 });
    const dec = new TextDecoder();
    for (let i = 0; i < inputs.length; i++) {
      const v = dec.decode(inputs[i]).slice(0, 4000);
      // the state document is the mutated JSON; the schema fact is the generated one, or mutated text
      const docs = [
        fact("state.status", ["ok", "ok", "corrupt", v.slice(0, 10)][i % 4]),
        fact("state.detail", v.slice(0, 200)),
        fact("state.schema", i % 5 === 4 ? v : STATE_SCHEMA),
        fact("state.id", v.slice(0, 20)),
        { name: `.agent-notes/sessions/session-${i}.md`, kind: KIND.SESSION_STATE, bytes: inputs[i] },
      ];
      expect(runValidator("session-state" as never, docs)).toEqual(runValidator("session-state" as never, docs));
    }
  });
});
