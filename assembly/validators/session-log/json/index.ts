// JSON session logs: parse, schema layer, then the protocol rules the mode selects (SP-120).
//   full:     everything
//   creation: schema (SP-102), session fields (SP-104/105/106), SP-115, SP-132
//   record:   relaxed schema, SP-104/105/106, SP-115, SP-132
import { SessionCtx, MODE_FULL, MODE_CREATION, MODE_RECORD } from "../context";
import { parseLog } from "./sp100-parse";
import { SP102 } from "./SP-102";
import { SP103 } from "./SP-103";
import { JsonCtx } from "./ctx";
import { Rule, runRules } from "../../../rules";
import { SP104 } from "./SP-104";
import { SP105 } from "./SP-105";
import { SP106 } from "./SP-106";
import { SP115 } from "./SP-115";

import { checkChecklists } from "./checklist";
import { SP116 } from "./SP-116";
import { SP117 } from "./SP-117";
import { SP118 } from "./SP-118";
import { SP119 } from "./SP-119";
import { SP130 } from "./SP-130";
import { SP131 } from "./SP-131";
import { SP132 } from "./SP-132";
import { JsonLog } from "./model";
import { jsonMode, modeName } from "../mode";

/** Schema layer (SP-102, else SP-103) and the rules on the session object, every mode (run through runRules on a JsonCtx). */
const FIELD_RULES: Rule[] = [SP102, SP103, SP104, SP105, SP106, SP115];
/** Agreement between fields and evidence (full mode only; each rule returns early otherwise). */
const AGREEMENT_RULES: Rule[] = [SP116, SP117, SP118, SP119];
/** Repository-bound rules (SP-130/131 full mode only, SP-132 every mode). */
const GIT_RULES: Rule[] = [SP130, SP131, SP132];

export function validateJsonLog(ctx: SessionCtx): void {
  const root = parseLog(ctx);
  const mode = jsonMode(ctx.doc.flags, root); // the one mode decision (./mode.ts)
  ctx.results.put(ctx.doc, "mode", modeName(mode));
  if (root === null) return;
  const jctx = new JsonCtx(ctx.input, ctx.results, ctx.doc);
  const log = new JsonLog(jctx, root);
  jctx.log = log;
  jctx.jmode = mode;
  runRules(FIELD_RULES, jctx);
  if (mode == MODE_FULL) {
    checkChecklists(log);
    runRules(AGREEMENT_RULES, jctx);
  }
  runRules(GIT_RULES, jctx);
}
