// PH-009: GIT_COMMIT: committed and clean.
import { Input } from "../../io";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, lines, listed, Verdict, pass, fail, count } from "./ctx";

export const PH009 = defineRule("PH-009", SEV_ERROR, check);
function PH009_doc(): RuleDoc {
  return {
    id: "PH-009",
    validator: "session-protocol",
    title: "GIT_COMMIT: committed and clean",
    description: "At least one commit since the starting commit and a clean working tree (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      noHead: "no commit in the repository",
      notAncestor: "the starting commit {{start}} is unknown or not an ancestor of HEAD",
      noCommit: "no commit since the starting commit {{start}}",
      dirty: "uncommitted changes ({{n}}): {{files}}",
      notAncestorDirty: "the starting commit {{start}} is unknown or not an ancestor of HEAD; uncommitted changes ({{n}}): {{files}}",
      noCommitDirty: "no commit since the starting commit {{start}}; uncommitted changes ({{n}}): {{files}}",
      ok: "{{n}} commit{{ns}} since the starting commit, working tree clean (HEAD {{head}})",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("GIT_COMMIT")) return;
  ctx.decide(gitCommit(ctx.input));
}

/** GIT_COMMIT. Facts: headCommit, startingCommit, commitsSince (int, -1 unknown), dirtyFiles (lines). */
function gitCommit(input: Input): Verdict {
  const head = str(input, "headCommit");
  if (head.length == 0) return fail(msg("noHead"));
  const n = input.factInt("commitsSince", -1);
  const start = str(input, "startingCommit");
  const dirty = lines(input, "dirtyFiles");
  if (dirty.length > 0) {
    const files = listed(dirty, 5);
    if (n < 0) return fail(msg("notAncestorDirty").s("start", start).i("n", dirty.length).s("files", files));
    if (n == 0) return fail(msg("noCommitDirty").s("start", start).i("n", dirty.length).s("files", files));
    return fail(msg("dirty").i("n", dirty.length).s("files", files));
  }
  if (n < 0) return fail(msg("notAncestor").s("start", start));
  if (n == 0) return fail(msg("noCommit").s("start", start));
  return pass(count(msg("ok"), "n", n).s("head", head.substring(0, 12)), head);
}
