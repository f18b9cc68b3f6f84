// §11.1 table parsing and step normalisation, observed through the core's pass-1 row dump.
import { describe, it, expect } from "vitest";
import { rows, HEADER, check, ids } from "./lib.js";

const under = (...r: string[]) => `# S\n\n## Session Start\n\n${HEADER}\n${r.join("\n")}\n`;
const cells = (t: string) => rows(t).start.map((r) => r.slice(1));

describe("session-md: checklist table parsing (§11.1)", () => {
  it("TC-001/TC-002: a plain row splits into 4 trimmed cells", () => {
    expect(cells(under("| MUST | Read file | [x] | Done |"))).toEqual([["MUST", "Read file", "x", "Done"]]);
    expect(cells(under("|   MUST   |   Read file   |   [x]   |   Done   |"))).toEqual([["MUST", "Read file", "x", "Done"]]);
  });

  it("TC-003/TC-004/TC-026: pipes inside a code span do not split (security-review row)", () => {
    expect(cells(under('| MUST | Run: `grep "a|b|c"` | [x] | ok |'))[0][1]).toBe('Run: `grep "a|b|c"`');
    const sec = '| MUST | Security review export (if exported): `grep -iE "api[_-]?key|password|token|secret" [file].json` | [ ] | Evidence |';
    expect(cells(under(sec))).toEqual([
      ["MUST", 'Security review export (if exported): `grep -iE "api[_-]?key|password|token|secret" [file].json`', " ", "Evidence"],
    ]);
  });

  it("TC-005/TC-027: two code spans with pipes in one step", () => {
    expect(cells(under("| MUST | Run `cmd1|x` and `cmd2|y` | [x] | e |"))[0][1]).toBe("Run `cmd1|x` and `cmd2|y`");
  });

  it("TC-006/TC-007/TC-008: empty code span, span at start, span at end", () => {
    expect(cells(under("| MUST | Empty `` code | [x] | e |"))[0][1]).toBe("Empty `` code");
    expect(cells(under("| MUST | `command|with|pipes` is the step | [x] | e |"))[0][1]).toBe("`command|with|pipes` is the step");
    expect(cells(under("| MUST | Run command `grep|test` | [x] | e |"))[0][1]).toBe("Run command `grep|test`");
  });

  it("TC-009/TC-011: a row needs 4 cells; an empty middle cell is kept", () => {
    expect(cells(under("| MUST |"))).toEqual([]);
    expect(cells(under("| MUST || Read file | [x] |"))[0]).toEqual(["MUST", "", " ", "[x]"]); // cells: MUST, "", "Read file" (status), "[x]" (evidence)
  });

  it("TC-012: an unmatched backtick keeps the rest of the row in one cell (row skipped)", () => {
    expect(cells(under("| MUST | Run `cmd | [x] | Done |"))).toEqual([]);
  });

  it("TC-015/TC-016/TC-017/TC-041: header + separator + row, and rows without a separator", () => {
    expect(cells(under("| MUST | Step | [x] | e |"))).toHaveLength(1);
    expect(cells(`## Session Start\n\n| Req | Step | Status | Evidence |\n| MUST | Write file | [x] | e |\n`)).toEqual([["MUST", "Write file", "x", "e"]]);
  });

  it("TC-018: a 3-cell row is skipped, the following 4-cell row kept", () => {
    expect(cells(under("| MUST | Read file | [x] |".replace(/ \|$/, ""), "| MUST | Write file | [x] | e |")).map((c) => c[1])).toEqual(["Write file"]);
  });

  it("TC-019..TC-022/TC-043: status [x], [X], [ ], [  x  ]", () => {
    const r = cells(under("| MUST | a | [x] | e |", "| MUST | b | [X] | e |", "| MUST | c | [ ] | e |", "| MUST | d | [  x  ] | e |"));
    expect(r.map((c) => c[2])).toEqual(["x", "x", " ", "x"]);
  });

  it("TC-023/TC-024/TC-025/TC-042: Req upper-cased, bold removed", () => {
    const r = cells(under("| must | a | [x] | e |", "| **MUST** | b | [x] | e |", "| SHOULD | c | [x] | e |", "| **MUST NOT** | d | [x] | e |"));
    expect(r.map((c) => c[0])).toEqual(["MUST", "MUST", "SHOULD", "MUST NOT"]);
  });

  it("TC-028/TC-029/TC-030: rows in order, code-span steps preserved", () => {
    expect(cells(under("| MUST | Command: `test|pipe` | [x] | Result: clean |"))).toEqual([["MUST", "Command: `test|pipe`", "x", "Result: clean"]]);
    const r = cells(under("| MUST | Simple step | [x] | e |", "| MUST | Command: `grep|test` | [ ] | e |", "| SHOULD | Another simple | [x] | e |"));
    expect(r.map((c) => c[1])).toEqual(["Simple step", "Command: `grep|test`", "Another simple"]);
    expect(r[2][0]).toBe("SHOULD");
  });

  it("TC-031: each row keeps its original line number", () => {
    const t = under("| MUST | a | [x] | e |", "| MUST | b | [x] | e |");
    expect(rows(t).start.map((r) => r[0])).toEqual(["7", "8"]);
  });

  it("TC-032/TC-035: the table under '## Session Start' ends at the first non-table line", () => {
    const t = `# T\n## Session Start\n${HEADER}\n| MUST | a | [x] | e |\n| MUST | b | [x] | e |\nprose\n| MUST | c | [ ] | e |\n## Other Section\n`;
    expect(cells(t).map((c) => c[1])).toEqual(["a", "b"]);
  });

  it("TC-033/TC-034: no heading => SP-010; heading with prose only => SP-011", () => {
    expect(ids(check("# T\n\nJust text\n"))).toContain("SP-010");
    const o = check("# T\n## Session Start\n\nprose, no table\n\n## Session End\n\nmore prose\n");
    expect(ids(o).filter((i) => i === "SP-011")).toHaveLength(2);
    expect(rows("# T\n## Session Start\n\nprose\n").start).toEqual([]);
  });

  it("TC-040: MUST [x] and SHOULD [ ] rows with evidence", () => {
    const r = cells(under("| MUST | Initialize Serena | [x] | Tool output present |", "| SHOULD | Skipped | [ ] | n/a |"));
    expect(r[0]).toEqual(["MUST", "Initialize Serena", "x", "Tool output present"]);
    expect(r[1][2]).toBe(" ");
  });

  it("TC-044: a continuous separator row and alignment colons are separators", () => {
    expect(cells(`## Session Start\n| Req | Step | Status | Evidence |\n|------------------|\n| MUST | a | [x] | e |\n`)).toEqual([["MUST", "a", "x", "e"]]);
    expect(cells(`## Session Start\n| Req | Step | Status | Evidence |\n|:---|:---:|---:|---|\n| MUST | a | [x] | e |\n`)).toHaveLength(1);
  });

  it("TC-045..TC-048/TC-050: step normalisation (spaces collapsed, * removed, trimmed)", () => {
    const r = cells(under("| MUST | Do    thing   with   spaces | [x] | e |", "| MUST | **Initialize** Serena | [x] | e |", "| MUST |   **Read**   HANDOFF.md   | [x] | e |"));
    expect(r.map((c) => c[1])).toEqual(["Do thing with spaces", "Initialize Serena", "Read HANDOFF.md"]);
  });

  it("TC-049: bold **MUST** with [X] is normalised to MUST / checked", () => {
    const r = cells(under("| MUST | Initialize Brain | [x] | e |", "| SHOULD | b | [ ] | e |", "| **MUST** | c | [X] | e |"));
    expect(r.map((c) => c[0] + c[2])).toEqual(["MUSTx", "SHOULD ", "MUSTx"]);
  });

  it("TC-036/TC-039: a heading followed by a header and separator only parses to no rows, without aborting", () => {
    expect(rows(`## Test\n${HEADER}\n`).start).toEqual([]);
    expect(rows(`# Heading\n## Session Start\n${HEADER}\n`).start).toEqual([]);
  });
});
