// JSON session logs: parse, schema layer, then the protocol rules the mode selects (SP-120).
//   full:     everything
//   creation: schema (SP-102), session fields (SP-104/105/106), SP-115, SP-132
//   record:   relaxed schema, SP-104/105/106, SP-115, SP-132
import { SessionCtx, MODE_FULL, MODE_CREATION, MODE_RECORD } from "../context";
import { parseLog } from "./sp100-parse";
import { checkSchema, checkPresence } from "./sp102-schema";
import { checkSessionFields } from "./session-fields";
import { checkChecklists } from "./checklist";
import { checkAgreement } from "./agreement";
import { checkEndingCommit, checkQaBinding, checkSkipScope } from "./git-rules";
import { JsonLog } from "./model";

export function validateJsonLog(ctx: SessionCtx): void {
  const mode = (ctx.mode & MODE_RECORD) != 0 ? MODE_RECORD : ctx.mode; // both flags: record wins
  ctx.results.put(ctx.doc, "mode", mode == MODE_RECORD ? "record" : mode == MODE_CREATION ? "creation" : "full");
  const text = ctx.doc.text();
  const root = parseLog(ctx, text);
  if (root === null) return;
  const log = new JsonLog(ctx, root, text);
  if (!checkSchema(log)) checkPresence(log);
  checkSessionFields(log);
  if (mode == MODE_FULL) {
    checkChecklists(log);
    checkAgreement(log);
    checkEndingCommit(log);
    checkQaBinding(log);
  }
  checkSkipScope(log);
}
