// hcore: a string built from many pieces in the core. The "minimal" runtime frees nothing during a
// document, so `s += piece` over n pieces kept every intermediate string alive: about 40,000 pieces
// exhausted the core's memory and trapped (AC-902 "unreachable"). Strings of input-sized pieces are
// built with TextBuf / Array#join (assembly/lib/text.ts). These cases trapped before that fix.
import { describe, it, expect } from "vitest";
import { executeValidator, optionFacts } from "../../dist/engine.js";
import { KIND, PREPR_ROLE as ROLE } from "../../dist/wasm/abi.js";

const enc = new TextEncoder();
const MEM_FILE = ".serena/memories/git-001-rebase.md";

/** The pre-pr memory family on one memory file; the core's errors and the findings. */
export function memRun(text: string) {
  const docs = [{ file: MEM_FILE, kind: KIND.PREPR_FILE, flags: ROLE.memory, bytes: enc.encode(text) }];
  const out = executeValidator("pre-pr", docs, { ...optionFacts("pre-pr", {}), family: "mem" });
  return { errors: out.internalErrors, findings: out.results.flatMap((r) => r.findings) };
}

describe("hcore: strings of many pieces never trap the core", () => {
  it("MEM-01 (hcore): 40,000 form-feed-separated lines are one regex line of 40,000 pieces; no AC-902, the size counted", () => {
    // str.splitlines splits at the form feed, re.MULTILINE's `^` only after an LF: the whole text
    // is one regex line joined from 40,000 segments (assembly/validators/pre-pr/mem.ts)
    const r = memRun("a\f".repeat(40_000));
    expect(r.errors).toEqual([]);
    expect(r.findings.map((f) => f.ruleId)).not.toContain("AC-902");
    const mem01 = r.findings.find((f) => f.ruleId === "MEM-01")!;
    expect(mem01.data).toMatchObject({ count: "80000", max: "10000" });
  });

  it("MEM-01 skills (hcore): a joined regex line still counts its `## ` heading once (pieces joined in order)", () => {
    // 16 '## ' lines split by LF are 16 skills (over the 15 allowed); joined by form feeds they are one
    // regex line, one skill; the 40,000 pieces after them are one more regex line
    const skills = (r: ReturnType<typeof memRun>) => r.findings.filter((f) => f.ruleId === "MEM-01" && f.messageId === "skills");
    const byLf = memRun("## s\n".repeat(16));
    const byFf = memRun("## s\f".repeat(16) + "\n" + "x\f".repeat(40_000));
    expect(byFf.errors).toEqual([]);
    expect(skills(byLf).map((f) => f.data.count)).toEqual(["16"]);
    expect(skills(byFf)).toEqual([]);
    expect(byFf.findings.map((f) => f.ruleId)).not.toContain("AC-902");
  });
});
