// The markdown rules read lines as byte spans of the UTF-8 document (assembly/lib/lines.ts) and
// decode a line only when they need its text. These cases sit where byte scanning and the String
// semantics it replaces could part: Unicode white space that String#trim removes, CR-only line
// ends, UTF-16 columns after multi-byte characters, label lines, headers found by several needles.
import { describe, it, expect } from "vitest";
import { rows, check, of, HEADER, NAME } from "./lib.js";
import { runValidator } from "../../dist/wasm/loader.js";
import { KIND } from "../../dist/wasm/abi.js";

const cells = (t: string) => rows(t).start.map((r) => r.slice(1));

describe("session-md: byte-span scanning keeps the String semantics", () => {
  it("TC-001: a row led or closed by a no-break space (String#trim white space) is still a row", () => {
    const t = `## Session Start\n\n${HEADER}\n\u00A0| MUST | Read file | [x] | e |\n| MUST |\u00A0Write  *x* | [x] |\u00A0ev\u00A0|\n| MUST | c | [x] | e |\u00A0\n`;
    expect(cells(t)).toEqual([
      ["MUST", "Read file", "x", "e"],
      ["MUST", "Write x", "x", "ev"],
      ["MUST", "c", "x", "e"],
    ]);
  });

  it("TC-015: a line holding only a no-break space is blank between the heading and its table", () => {
    const t = `## Session Start\n\u00A0\n${HEADER}\n| MUST | a | [ ] | e |\n`;
    expect(cells(t)).toEqual([["MUST", "a", " ", "e"]]);
    expect(of(check(t), "SP-013").map((f) => f.line)).toEqual([5]);
  });

  it("SP-018: CR-only line ends, fenced lines skipped, UTF-16 columns after multi-byte characters", () => {
    const t = "# x\r## Session Start\r\rsee /home/u/x and C:\\y\r```\r/home/in-fence\r```\ré\u{1F600} /Users/a\r";
    const raw = runValidator("session-log", [{ name: NAME, kind: KIND.SESSION_MD, bytes: new TextEncoder().encode(t) }]);
    // "see " is 4 columns; "é" one UTF-16 unit, the emoji two, then a space: 4 again
    expect(raw.findings.filter((x) => x.ruleId === "SP-018").map((x) => [x.line, x.column])).toEqual([[4, 5], [8, 5]]);
  });

  it("SP-018: a drive path alone (X:\\) is found; a colon-backslash after a lower-case letter is not", () => {
    const t = "# x\nuse D:\\work\nnot c:\\work\n";
    expect(of(check(t), "SP-018").map((f) => f.line)).toEqual([2]);
  });

  it("SP-040/SP-042 facts: Starting and Ending Commit labels in list items, bold, any case; the first label line wins", () => {
    const t = "# L\n- **Starting Commit**: `abc1234def`\n* **Ending Commit**: 1234567 subject\n  **Starting Commit**: fffffff\n";
    const d = check(t, { phase: "extract" }).data;
    expect(d["start.sha"]).toBe("abc1234def");
    expect(d["end.sha"]).toBe("1234567");
  });

  it("SP-012: '##' then Unicode white space then Protocol Compliance counts; header forms in any case", () => {
    const a = check("# L\n##\u00A0Protocol Compliance\n## Session Start (COMPLETE ALL before work)\n");
    expect(of(a, "SP-012").map((f) => f.message)).toEqual(["Missing Session End header '(COMPLETE ALL before closing)'"]);
    const b = check("# L\n## x ##   protocol COMPLIANCE\nsession END stuff complete all\n");
    expect(of(b, "SP-012").map((f) => f.message)).toEqual(["Missing Session Start header '(COMPLETE ALL before work)'"]);
    const c = check("# L\nStart: do it before you work\nEND before closing\n");
    expect(of(c, "SP-012").map((f) => f.message)).toEqual(["Missing 'Protocol Compliance' section"]);
  });
});
