// `agentcheck init` picks the protocol preset (src/protocol-preset.ts) from what the repository shows,
// and says why. Setup only: no command after init reads this; they read protocol.preset.
//   - a rule file for agents that says not to create session logs (today's upstream:
//     .claude/rules/session-logs.md)                                  -> validate-if-present
//   - .agents/SESSION-PROTOCOL.md with MUST steps and a session log dated within 30 days of the last
//     commit                                                           -> full
//   - a protocol without recent logs, logs without a protocol, nothing  -> validate-if-present
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_READ_LIMIT, readTextOrThrow } from "./fsread.js";
import { PROTOCOL_FILE } from "./config-paths.js";
import { gitRaw } from "./git-run.js";
import { namesIn } from "./session-id.js";
import type { ProtocolPreset } from "./protocol-preset.js";

/** Where agents' rules say session logs are (not) written (Claude Code rules folder). */
export const SESSION_LOG_RULES = ".claude/rules/session-logs.md";
/** How far back a session log counts as recent, from the last commit (days). */
export const RECENT_LOG_DAYS = 30;

const NO_LOGS_RE = /\b(?:do not|don't|never)\s+(?:create|write)\b[^\n]{0,80}?\blogs?\b|\blog creation is discontinued\b/i;

function readText(root: string, rel: string): string | undefined {
  const abs = join(root, rel);
  if (!existsSync(abs)) return undefined;
  try {
    return readTextOrThrow(abs, { maxBytes: DEFAULT_READ_LIMIT, root });
  } catch {
    return undefined;
  }
}

/** The date (YYYY-MM-DD) of the last commit, else today. */
function lastCommitDate(root: string): string {
  const r = gitRaw(root, ["log", "-1", "--format=%cs"]);
  const d = r.status === 0 ? r.stdout.toString("utf8").trim() : "";
  return d || new Date().toISOString().slice(0, 10);
}

export async function detectPreset(root: string, sessionsDir: string): Promise<{ preset: ProtocolPreset; reason: string }> {
  const rules = readText(root, SESSION_LOG_RULES);
  if (rules !== undefined && NO_LOGS_RE.test(rules)) {
    return { preset: "validate-if-present", reason: `${SESSION_LOG_RULES} tells agents not to create session logs: logs are optional, validated when present` };
  }
  const protocol = readText(root, PROTOCOL_FILE);
  let musts = 0;
  if (protocol !== undefined) {
    // the core's table parser (the WASM core: loaded by init only, never by the lean commands)
    const { parseProtocolChecklists } = await import("./phase/repo-checklist.js");
    const p = parseProtocolChecklists(new TextEncoder().encode(protocol));
    musts = p.start.concat(p.end).filter((x) => x.req === "MUST").length;
  }
  const until = Date.parse(lastCommitDate(root));
  const recent = namesIn(join(root, sessionsDir)).filter((n) => {
    const t = Date.parse(n.slice(0, 10));
    return /^\d{4}-\d{2}-\d{2}/.test(n) && !Number.isNaN(t) && until - t <= RECENT_LOG_DAYS * 86_400_000 && t <= until + 86_400_000;
  }).length;
  if (musts > 0 && recent > 0) {
    return { preset: "full", reason: `${PROTOCOL_FILE} has ${musts} MUST steps and ${sessionsDir} has ${recent} session log(s) from the ${RECENT_LOG_DAYS} days before the last commit: the repository follows its protocol` };
  }
  if (musts > 0) return { preset: "validate-if-present", reason: `${PROTOCOL_FILE} has MUST steps but no session log in ${sessionsDir} is from the ${RECENT_LOG_DAYS} days before the last commit: logs are validated when present` };
  return { preset: "validate-if-present", reason: `no session protocol with MUST steps (${PROTOCOL_FILE}) in the repository: logs are optional, validated when present` };
}
