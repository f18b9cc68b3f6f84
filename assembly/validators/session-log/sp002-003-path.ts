// SP-002 (the log exists) and SP-003 (the log resolves inside the sessions directory). The host
// resolves symlinks and passes the resolved path as the fact "real:<name>"; the decision is here.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SessionCtx } from "./context";
import { asciiLower } from "../../lib/text";
import { factOr } from "./md-log";

/** flags bit 2: the host could not find the file (explicit path that does not exist). */
export const FLAG_MISSING: i32 = 4;
/** flags bit 3: the log resolves outside the repository; the host did not read it. */
export const FLAG_UNREAD: i32 = 8;

export const SP002 = defineRule("SP-002", SEV_ERROR);
function SP002_doc(): RuleDoc {
  return {
    id: "SP-002",
    validator: "session-log",
    title: "Session log exists",
    description: "An explicitly named session log must exist.",
    messages: {
      sessionLogFileDoes: "Session log file does not exist: {{name}}",
    },
  };
}
export const SP003 = defineRule("SP-003", SEV_ERROR);
function SP003_doc(): RuleDoc {
  return {
    id: "SP-003",
    validator: "session-log",
    title: "Session log inside sessions dir",
    description: "The resolved log path (symlinks followed) is inside the sessions dir.",
    messages: {
      sessionLogResolvesOutside: "Session log resolves outside {{dir}}/: {{detail}} (path traversal or symlink)",
    },
  };
}

/** false when the file is missing (nothing else to check). */
export function checkSP002(ctx: SessionCtx): bool {
  if ((ctx.doc.flags & FLAG_MISSING) == 0) return true;
  ctx.report(SP002, 0, 0, msg("sessionLogFileDoes").s("name", ctx.doc.name));
  return false;
}

/** Repo-relative path with `.` and `..` segments resolved and `\` as `/`; "" when it escapes the root. */
export function normalizePath(p: string): string {
  const parts = p.replaceAll("\\", "/").split("/");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const s = parts[i];
    if (s.length == 0 || s == ".") continue;
    if (s == "..") {
      if (out.length == 0) return "";
      out.pop();
    } else out.push(s);
  }
  return out.join("/");
}

/** True for /x, \x, ~/x and X:... (absolute or home-relative paths). */
export function isAbsolutePath(p: string): bool {
  if (p.length == 0) return false;
  const c = p.charCodeAt(0);
  if (c == 47 || c == 92 || c == 126) return true;
  return p.length > 1 && p.charCodeAt(1) == 58;
}

export function checkSP003(ctx: SessionCtx): void {
  const real = ctx.input.fact("real:" + ctx.doc.name);
  if (real === null) return; // host gave no resolution (not a file on disk)
  const dir = asciiLower(normalizePath(factOr(ctx.input, "sessions.dir", ".agents/sessions")));
  const n = isAbsolutePath(real) ? "" : normalizePath(real);
  const ln = asciiLower(n);
  if (n.length > 0 && ln.startsWith(dir + "/") && ln.length > dir.length + 1) return;
  ctx.report(SP003, 0, 0,
    msg("sessionLogResolvesOutside").s("dir", dir).s("detail", (n.length > 0 ? n : "a target outside the repository (not read)")));
}
