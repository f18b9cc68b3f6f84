// JSON session logs: parse (SP-100/SP-101), schema layer, then the protocol rules the mode selects (SP-120).
// Phase "extract" (fact phase, the host's first pass) returns what the repository-bound rules will
// read (./git-rules.ts extractNeeds): need.qa, need.sha, need.range, need.touched. A log that needs
// none of them is judged in that pass too (the host keeps its result: one parse, not two); the rules
// of a log that needs something run in the host's final pass only.
//   full:     everything
//   creation: schema (SP-102), session fields (SP-104/105/106), SP-115, SP-132
//   record:   relaxed schema, SP-104/105/106, SP-115, SP-132
import { SessionCtx, MODE_FULL } from "../context";
import { parseJsonBytes, JsonResult, J_OBJ } from "../../../lib/json";
import { JsonCtx } from "./ctx";
import { runRules, RuleOf } from "../../../rules";
import { SP100 } from "./SP-100";
import { SP101 } from "./SP-101";
import { SP102 } from "./SP-102";
import { SP103 } from "./SP-103";
import { SP104 } from "./SP-104";
import { SP105 } from "./SP-105";
import { SP106 } from "./SP-106";
import { SP107 } from "./SP-107";
import { SP108 } from "./SP-108";
import { SP109 } from "./SP-109";
import { SP110 } from "./SP-110";
import { SP111 } from "./SP-111";
import { SP112 } from "./SP-112";
import { SP113 } from "./SP-113";
import { SP114 } from "./SP-114";
import { SP115 } from "./SP-115";
import { SP116 } from "./SP-116";
import { SP117 } from "./SP-117";
import { SP118 } from "./SP-118";
import { SP119 } from "./SP-119";
import { SP130 } from "./SP-130";
import { SP131 } from "./SP-131";
import { SP132 } from "./SP-132";
import { runChecklist } from "./checklist";
import { extractNeeds } from "./git-rules";
import { JsonLog } from "./model";
import { jsonMode, modeName } from "../mode";

/** The parse result: the text is JSON (SP-100) and its root is an object (SP-101). */
const PARSE_RULES: RuleOf<JsonCtx>[] = [SP100, SP101];
/** Schema layer (SP-102, else SP-103) and the rules on the session object, every mode (run through runRules on a JsonCtx). */
const FIELD_RULES: RuleOf<JsonCtx>[] = [SP102, SP103, SP104, SP105, SP106, SP115];
/** The checklist rows (full mode); findings in checklist order, not rule order (./checklist.ts). */
const CHECKLIST_RULES: RuleOf<JsonCtx>[] = [SP107, SP108, SP109, SP110, SP111, SP112, SP113, SP114];
/** Agreement between fields and evidence (full mode only; each rule returns early otherwise). */
const AGREEMENT_RULES: RuleOf<JsonCtx>[] = [SP116, SP117, SP118, SP119];
/** Repository-bound rules (SP-130/131 full mode only, SP-132 every mode). */
const GIT_RULES: RuleOf<JsonCtx>[] = [SP130, SP131, SP132];

export function validateJsonLog(ctx: SessionCtx): void {
  const jctx = new JsonCtx(ctx.input, ctx.results, ctx.doc);
  jctx.parsed = parseDoc(ctx);
  checkLog(ctx, jctx);
  // findings hold strings and positions only: the log's value views go to the next log
  const d = jctx.parsed.doc;
  if (d !== null) d.release();
}

function checkLog(ctx: SessionCtx, jctx: JsonCtx): void {
  runRules(PARSE_RULES, jctx);
  const v = jctx.parsed.value;
  const root = jctx.parsed.error.length == 0 && v !== null && v.kind == J_OBJ ? v : null;
  const mode = jsonMode(ctx.doc.flags, root); // the one mode decision (./mode.ts)
  ctx.results.put(ctx.doc, "mode", modeName(mode));
  if (root === null) return;
  const log = new JsonLog(jctx, root!);
  jctx.log = log;
  jctx.jmode = mode;
  // the host's first pass: the facts to gather; the rules run now only when there are none
  if (ctx.input.fact("phase") == "extract" && extractNeeds(log, mode == MODE_FULL)) return;
  runRules(FIELD_RULES, jctx);
  if (mode == MODE_FULL) {
    runChecklist(CHECKLIST_RULES, jctx);
    runRules(AGREEMENT_RULES, jctx);
  }
  runRules(GIT_RULES, jctx);
}

/**
 * Parse the log from its UTF-8 bytes (a leading BOM skipped, as Doc.text() does); the text is decoded
 * only for the message of a syntax error (SP-100).
 */
function parseDoc(ctx: SessionCtx): JsonResult {
  let p = ctx.doc.ptr;
  let n = ctx.doc.len;
  if (n >= 3 && load<u8>(p) == 0xef && load<u8>(p + 1) == 0xbb && load<u8>(p + 2) == 0xbf) {
    p += 3;
    n -= 3;
  }
  return parseJsonBytes(p, n);
}
