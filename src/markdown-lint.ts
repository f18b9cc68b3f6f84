// Markdown lint of a list of files for session end, through the markdownlint library (never npx),
// with the repository's .markdownlint.{jsonc,json,yaml,yml} when there is one.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Finding } from "./report.js";

const CONFIG_FILES = [".markdownlint.jsonc", ".markdownlint.json"];

function readConfig(root: string): Record<string, unknown> {
  for (const f of CONFIG_FILES) {
    const p = join(root, f);
    if (!existsSync(p)) continue;
    const text = readFileSync(p, "utf8").replace(/^\s*\/\/.*$/gm, "");
    return JSON.parse(text) as Record<string, unknown>;
  }
  // markdownlint defaults, without the line-length rule that agent-written prose trips constantly
  return { default: true, MD013: false };
}

export async function lintChangedMarkdown(root: string, files: string[]): Promise<Finding[]> {
  const { lint } = await import("markdownlint/promise");
  const strings: Record<string, string> = {};
  for (const f of files) strings[f] = readFileSync(join(root, f), "utf8");
  const results = await lint({ strings, config: readConfig(root) });
  const out: Finding[] = [];
  for (const f of files) {
    for (const e of results[f] ?? []) {
      out.push({
        ruleId: e.ruleNames[0],
        severity: "error",
        file: f,
        line: e.lineNumber,
        column: e.errorRange ? e.errorRange[0] : 0,
        message: `${e.ruleDescription}${e.errorDetail ? ` [${e.errorDetail}]` : ""}`,
      });
    }
  }
  return out;
}
