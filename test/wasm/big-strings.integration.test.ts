// hcore: inputs at the file layer's size cap (DEFAULT_MAX_FILE_BYTES, src/engine.ts) on the core's
// paths that put strings together from input-sized numbers of pieces: the memory model's regex lines
// (MEM-01..03), SKB-01's quoted and block descriptions, JSON string decoding (session logs). None may
// trap (AC-902): each piece costs memory once (TextBuf / Array#join / counting), never a new copy of
// everything before it. See test/wasm/big-strings.test.ts for the cases that trapped.
import { describe, it, expect } from "vitest";
import { DEFAULT_MAX_FILE_BYTES, executeValidator, optionFacts } from "../../dist/engine.js";
import { KIND, PREPR_ROLE as ROLE } from "../../dist/wasm/abi.js";

const enc = new TextEncoder();
const CAP = DEFAULT_MAX_FILE_BYTES;
/** `unit` repeated to fill `bytes` (ASCII units: one byte per code unit). */
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));

function prePr(family: string, docs: { file: string; flags: number; text: string }[], options: Record<string, unknown> = {}) {
  const input = docs.map((d) => ({ file: d.file, kind: KIND.PREPR_FILE, flags: d.flags, bytes: enc.encode(d.text) }));
  for (const d of input) expect(d.bytes.length).toBeLessThanOrEqual(CAP);
  const out = executeValidator("pre-pr", input, { ...optionFacts("pre-pr", options), family });
  return { errors: out.internalErrors, findings: out.results.flatMap((r) => r.findings) };
}

describe("hcore: inputs at the file size cap never trap the core", () => {
  it("MEM-01 (hcore): a memory file at the cap of form-feed-separated lines (one regex line of ~4 million pieces)", () => {
    const text = fill("a\f", CAP);
    const r = prePr("mem", [{ file: ".serena/memories/git-001-rebase.md", flags: ROLE.memory, text }]);
    expect(r.errors).toEqual([]);
    expect(r.findings.map((f) => f.ruleId)).not.toContain("AC-902");
    expect(r.findings.find((f) => f.ruleId === "MEM-01")!.data).toMatchObject({ count: String(text.length) });
  });

  it("SKB-01 (hcore): a quoted description of ~4 million folded pieces, at the cap, is counted", () => {
    const body = fill("ab\n", CAP - 64);
    const text = `---\ndescription: "${body}"\n---\n`;
    const r = prePr("skb", [{ file: ".claude/skills/huge/SKILL.md", flags: ROLE.skill, text }], { "SKB-01": { maxTotalChars: 1 } });
    expect(r.errors).toEqual([]);
    const f = r.findings.find((x) => x.ruleId === "SKB-01")!;
    // each line break inside the quoted scalar folds to one space; the last one before the quote too
    expect(f.data).toMatchObject({ skills: "1", total: String(body.length) });
  });

  it("SKB-01 (hcore): a block description (`>`) of ~2 million lines at the cap is counted without a trap", () => {
    const text = `---\ndescription: >\n${fill("  ab\n", CAP - 64)}---\n`;
    const r = prePr("skb", [{ file: ".claude/skills/huge/SKILL.md", flags: ROLE.skill, text }], { "SKB-01": { maxTotalChars: 1 } });
    expect(r.errors).toEqual([]);
    expect(r.findings.map((f) => f.ruleId)).toEqual(["SKB-01"]);
  });

  it("SP-1xx JSON decoding (hcore): a session log at the cap whose string is ~4 million escapes decodes without a trap", () => {
    const head = '{"session":{"number":1,"date":"2026-01-01","branch":"feat/x","startingCommit":"abc1234","objective":"';
    const tail = '"},"protocolCompliance":{}}';
    const text = head + fill("\\n", CAP - head.length - tail.length) + tail;
    const bytes = enc.encode(text);
    expect(bytes.length).toBeLessThanOrEqual(CAP);
    const out = executeValidator("session-log", [{ file: ".agents/sessions/2026-01-01-session-1.json", kind: KIND.SESSION_JSON, bytes }], { now: "2026-01-10T00:00:00Z" });
    expect(out.internalErrors).toEqual([]);
    expect(out.results.flatMap((r) => r.findings.map((f) => f.ruleId))).not.toContain("AC-902");
  });
});
