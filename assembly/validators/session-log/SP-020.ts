// SP-020: a checked commit row's "Commit SHA: <sha>" is 7-40 hex, without a subject line.
import { defineRule, msg, Msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MdCtx, leadingSha, shaLabel } from "./md-log";
import { isAlpha, isSpace } from "../../lib/text";

export const SP020 = defineRule("SP-020", SEV_ERROR, check);
function SP020_doc(): RuleDoc {
  return {
    id: "SP-020",
    validator: "session-log",
    title: "Commit SHA format",
    description: "A checked commit row's 'Commit SHA:' is 7-40 hex.",
    messages: {
      empty: "Commit SHA is empty",
      badFormat: "Commit SHA format invalid (7-40 hex): '{{sha}}'",
      subjectLine: "Commit SHA includes subject line; give the SHA only",
    },
  };
}

function check(ctx: MdCtx): void {
  const row = ctx.log.commitRow();
  if (row === null || !row.checked) return;
  const v = shaLabel(row.evidence);
  if (v === null) return;
  const tok = v.replaceAll("`", "").trim();
  const sha = leadingSha(v);
  let m: Msg | null = null;
  if (tok.length == 0) m = msg("empty");
  else if (sha.length == 0) {
    let e = 0;
    while (e < tok.length && !isSpace(tok.charCodeAt(e))) e++;
    m = msg("badFormat").s("sha", tok.substring(0, e));
  } else if (!v.startsWith("`") && v.length > sha.length && isSpace(v.charCodeAt(sha.length)) &&
    isAlpha(v.substring(sha.length).trimStart().charCodeAt(0))) {
    m = msg("subjectLine");
  }
  if (m !== null) ctx.report(ctx.rule, ctx.at(row.line, 0), m);
}
