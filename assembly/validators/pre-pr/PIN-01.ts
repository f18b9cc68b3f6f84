// PIN-01: every `uses:` of a workflow or action is pinned to a full commit SHA.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { isLowerHex } from "../../lib/text";
import { unquote } from "./util";
import { FAMILY_PIN, PrePrCtx } from "./ctx";
import { workflows } from "./workflow";

export const PIN01 = defineRule("PIN-01", SEV_ERROR, check);
function PIN01_doc(): RuleDoc {
  return {
    id: "PIN-01",
    validator: "pre-pr",
    title: "Action not pinned",
    description: "Every `uses:` of a workflow or composite action names a full 40-character lower-case commit SHA after `@` (local `./` actions and `docker://` images are exempt); tags and branches can be moved to other code.",
    messages: {
      usesNoRef: "uses: {{v}}: no @ref",
      usesNotSha: "uses: {{v}}: not a 40-hex SHA",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PIN)) return;
  const ws = workflows(ctx);
  for (let d = 0; d < ws.length; d++) {
    const lines = ws[d].lines;
    for (let i = 0; i < lines.length; i++) {
      const ln = lines[i];
      if (ln.key != "uses") continue;
      const v = unquote(ln.value);
      if (v.length == 0 || v.startsWith("./") || v.startsWith("docker://")) continue;
      const at = v.lastIndexOf("@");
      const ref = at >= 0 ? v.substring(at + 1) : "";
      let ok = ref.length == 40;
      for (let k = 0; ok && k < 40; k++) if (!isLowerHex(ref.charCodeAt(k))) ok = false;
      if (!ok) {
        ctx.report(ctx.rule, loc(ws[d].doc, ln.no, ln.indent + 1), msg(at < 0 ? "usesNoRef" : "usesNotSha").s("v", v));
      }
    }
  }
}
