// SP-003: the log resolves inside the sessions directory. The host resolves symlinks and passes
// the resolved path as the fact "real.<name>", or the flag REAL_SELF when it is the log's own name;
// the decision is here.
import { defineRule, msg, msgItem, RuleDoc } from "../../rules";
import { SEV_ERROR, SL_REAL_SELF } from "../../abi";
import { SessionCtx } from "./context";
import { asciiLower } from "../../lib/text";
import { sessionsDir } from "./qa-scope";
import { normalizePath, isAbsolutePath, isMissing } from "./paths";

export const SP003 = defineRule("SP-003", SEV_ERROR, check);
function SP003_doc(): RuleDoc {
  return {
    id: "SP-003",
    validator: "session-log",
    title: "Session log inside sessions dir",
    description: "The resolved log path (symlinks followed) is inside the sessions dir.",
    messages: {
      sessionLogResolvesOutside: "Session log resolves outside {{dir}}/: {{detail}} (path traversal or symlink)",
    },
    terms: {
      targetOutside: "a target outside the repository (not read)",
    },
  };
}

function check(ctx: SessionCtx): void {
  if (isMissing(ctx)) return;
  const real = (ctx.doc.flags & SL_REAL_SELF) != 0 ? ctx.doc.name : ctx.input.fact("real." + ctx.doc.name);
  if (real === null) return; // host gave no resolution (not a file on disk)
  const dir = asciiLower(sessionsDir(ctx.input));
  const n = isAbsolutePath(real) ? "" : normalizePath(real);
  const ln = asciiLower(n);
  if (n.length > 0 && ln.startsWith(dir + "/") && ln.length > dir.length + 1) return;
  ctx.report(ctx.rule, ctx.at(0, 0), msg("sessionLogResolvesOutside").s("dir", dir).s("detail", (n.length > 0 ? n : msgItem(msg("targetOutside")))));
}
