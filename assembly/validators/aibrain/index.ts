// .aibrain task checkpoints (specs/session-formats.md §2): `---`, a JSON object, `---`, markdown.
// One document per checkpoint file; flag DOC_FLAG_ARCHIVED marks files under .aibrain/sessions/archive/.
// Each checkpoint gets an AibrainCtx (ctx.ts: the front matter, located and parsed once) and runs the
// RULES list; one file per rule (AB-0xx.ts).
import { KIND_AIBRAIN } from "../../abi";
import { Input, Results } from "../../io";
import { checkContent } from "../common";
import { J_STR } from "../../lib/json";
import { runRules, RuleOf } from "../../rules";
import { AibrainCtx } from "./ctx";
import { AB001 } from "./AB-001";
import { AB002 } from "./AB-002";
import { AB003 } from "./AB-003";
import { AB004 } from "./AB-004";
import { AB005 } from "./AB-005";
import { AB006 } from "./AB-006";
import { AB007 } from "./AB-007";

export { DOC_FLAG_ARCHIVED } from "./ctx";

/** The aibrain rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<AibrainCtx>[] = [
  AB001, AB002, AB003, AB004, AB005, AB006, AB007,
];

export function validateAibrain(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind != KIND_AIBRAIN) continue;
    if (checkContent(doc, results)) {
      const ctx = new AibrainCtx(input, results, doc);
      runRules(RULES, ctx);
      const tid = ctx.get("task_id");
      if (tid !== null && tid.kind == J_STR) results.put(doc, "task", tid.s);
      const status = ctx.status();
      if (status.length > 0) results.put(doc, "status", status);
    }
    doc.release();
  }
}
