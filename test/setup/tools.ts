// The system tools the tests see (issue 36 item 6: tools present or absent on the machine never change a
// result). agentcheck runs some external tools when they are on PATH (pre-pr: actionlint, yamllint); a
// test that wants one fakes it in its own bin directory. So the PATH the tests get holds the system
// directories' programs as links in one directory, without those tools: whether the machine has
// yamllint installed no longer decides whether PP-005 is SKIP.
import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** Programs agentcheck runs when present: never visible to a test unless it fakes them. */
export const MASKED_TOOLS = ["actionlint", "yamllint", "shellcheck", "markdownlint", "markdownlint-cli2", "pwsh", "gh"];

/** A directory of links to every program of `pathList` (first wins), the masked tools left out. */
export function maskedToolDir(pathList: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const seen = new Set(MASKED_TOOLS);
  for (const d of pathList.split(":")) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const n of names) {
      if (seen.has(n)) continue;
      seen.add(n);
      symlinkSync(join(d, n), join(dir, n));
    }
  }
  return dir;
}
