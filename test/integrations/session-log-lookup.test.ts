// One lookup of a session's log for `session end` and the protocol gates (SESSION_LOG, DOCS_UPDATE):
// both name the same file for the same session (review: they used two lookups that could disagree).
import { describe, expect, it } from "vitest";
import { tmpDir, writeTree } from "../helpers.js";
import { findSessionLog } from "../../dist/commands/session-end.js";
import { sessionLogPath } from "../../dist/phase/gates.js";
import { findLogFor } from "../../dist/session-log-path.js";

const DIR = ".agents/sessions";
const ID = "2026-11-29-session-01";
const stateOf = (id: string, recorded = "") => ({ sessionId: id, protocolStartEvidence: { sessionLogPath: recorded } }) as never;

describe("PH-004 / session end: one session-log lookup", () => {
  const cases: [string, string[], string | undefined][] = [
    ["the exact JSON name before a slugged one", [`${ID}-a.md`, `${ID}.json`, `${ID}-b.json`], `${ID}.json`],
    ["the exact markdown name before a slugged JSON", [`${ID}-b.json`, `${ID}.md`], `${ID}.md`],
    ["a slugged JSON before a slugged markdown, whatever the name order", [`${ID}-a.md`, `${ID}-b.json`], `${ID}-b.json`],
    ["names compare case-insensitively", [`${ID.toUpperCase()}-Fix.MD`], `${ID.toUpperCase()}-Fix.MD`],
    ["another session's number is not this session's (session-010)", [`${ID}0-x.md`, `${ID}0.json`], undefined],
    ["a folder named like a log is not a log", [`${ID}.json/`], undefined],
    ["none", ["README.md"], undefined],
  ];
  for (const [name, files, want] of cases) {
    it(name, () => {
      const root = tmpDir("agentcheck-loglookup-");
      const tree: Record<string, string> = {};
      for (const f of files) tree[f.endsWith("/") ? `${DIR}/${f}keep.txt` : `${DIR}/${f}`] = "{}\n";
      writeTree(root, tree);
      const expected = want === undefined ? undefined : `${DIR}/${want}`;
      expect(findLogFor(root, ID, DIR)).toBe(expected);
      expect(findSessionLog(root, stateOf(ID), DIR)).toBe(expected);
      expect(sessionLogPath(root, ID)).toEqual(expected === undefined ? { path: `${DIR}/${ID}.md`, exists: false } : { path: expected, exists: true });
    });
  }

  it("the recorded path wins when it is a file (session end records where it told the agent to write)", () => {
    const root = tmpDir("agentcheck-loglookup-");
    writeTree(root, { [`${DIR}/${ID}.json`]: "{}\n", "logs/mine.json": "{}\n" });
    expect(findSessionLog(root, stateOf(ID, "logs/mine.json"), DIR)).toBe("logs/mine.json");
    expect(findSessionLog(root, stateOf(ID, "logs/gone.json"), DIR)).toBe(`${DIR}/${ID}.json`);
  });
});
