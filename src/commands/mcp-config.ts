// Registration of `agentcheck mcp` with Claude Code: the `.mcp.json` entry (project scope) and the
// equivalent `claude mcp add` command. `hooks claude --write --mcp` merges the entry.
import { CONFIG_MAX_BYTES, readTextOrThrow } from "../fsread.js";
import { existsSync } from "node:fs";
import { writeFileConfined } from "../fswrite.js";
import { join } from "node:path";
import { UsageError } from "../report.js";

export const MCP_SERVER_NAME = "agentcheck";
export const MCP_ENTRY = { command: "npx", args: ["agentcheck", "mcp"] } as const;
export const CLAUDE_MCP_ADD = `claude mcp add --scope project ${MCP_SERVER_NAME} -- npx agentcheck mcp`;

/**
 * The indentation of a JSON file we rewrite (the first indented line's leading spaces or tab), so
 * that merging our entries into a team's settings shows up as added lines, not a reformatted file;
 * 2 spaces for a new or one-line file.
 */
export function jsonIndent(text: string | undefined): string {
  const m = text === undefined ? null : /\n([ \t]+)\S/.exec(text);
  return m ? m[1] : "  ";
}

/** Merge our server into `<root>/.mcp.json` (other servers and keys kept); returns the file written. */
export function writeMcpJson(root: string): string {
  const file = join(root, ".mcp.json");
  let doc: Record<string, unknown> = {};
  let text: string | undefined;
  if (existsSync(file)) {
    text = readTextOrThrow(file, { maxBytes: CONFIG_MAX_BYTES, root });
    let v: unknown;
    try {
      v = text.trim() === "" ? {} : JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${file} is not valid JSON (${(e as Error).message}); not touching it`);
    }
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw new UsageError(`${file} does not hold a JSON object; not touching it`);
    doc = v as Record<string, unknown>;
  }
  const servers = doc.mcpServers ?? {};
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) throw new UsageError(`${file}: "mcpServers" is not an object; not touching it`);
  doc.mcpServers = { ...(servers as Record<string, unknown>), [MCP_SERVER_NAME]: { ...MCP_ENTRY, args: [...MCP_ENTRY.args] } };
  writeFileConfined(file, JSON.stringify(doc, null, jsonIndent(text)) + "\n", { root });
  return file;
}
