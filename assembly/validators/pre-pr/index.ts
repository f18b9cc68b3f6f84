// pre-pr validator: the rules of the pre-PR checks, one file per rule (named by its id). The host runs
// one rule family per call (fact "family": pin, wfs, sfm, prd, path, size, tok, drift, plan, skv, mem, skb, cmd, pctx, and row:
// the status and message of a report row, see row.ts) and tags
// each document with its role in `flags`; every rule of RULES sees the call's PrePrCtx and returns at
// once when the family is not its own. Family "dir" applies the disable directives, family "overrides"
// the configuration's per-file severities (overrides.ts); family "select"
// picks the files of the workflow and YAML checks from the scope (select.ts).
import { Input, Results } from "../../io";
import { runRules, RuleOf } from "../../rules";
import { applyFindingPass } from "./passes";
import { selectFiles } from "./select";
import { PrePrCtx } from "./ctx";
import { inList, segments } from "./util";
import { CMD01 } from "./CMD-01";
import { DRIFT04 } from "./DRIFT-04";
import { PATH01 } from "./PATH-01";
import { PIN01 } from "./PIN-01";
import { MEM01 } from "./MEM-01";
import { MEM02 } from "./MEM-02";
import { MEM03 } from "./MEM-03";
import { PLAN01 } from "./PLAN-01";
import { PLAN02 } from "./PLAN-02";
import { PLAN03 } from "./PLAN-03";
import { PP000 } from "./PP-000";
import { PP001 } from "./PP-001";
import { PP002 } from "./PP-002";
import { PP003 } from "./PP-003";
import { PP004 } from "./PP-004";
import { PP005 } from "./PP-005";
import { PP006 } from "./PP-006";
import { PP007 } from "./PP-007";
import { PP008 } from "./PP-008";
import { PP009 } from "./PP-009";
import { PP010 } from "./PP-010";
import { PP011 } from "./PP-011";
import { PP012 } from "./PP-012";
import { PP013 } from "./PP-013";
import { PP014 } from "./PP-014";
import { PP015 } from "./PP-015";
import { PP016 } from "./PP-016";
import { PP017 } from "./PP-017";
import { PP018 } from "./PP-018";
import { PP019 } from "./PP-019";
import { PP020 } from "./PP-020";
import { PRD02 } from "./PRD-02";
import { PRD03 } from "./PRD-03";
import { PRD05 } from "./PRD-05";
import { RDY01 } from "./RDY-01";
import { SFM02 } from "./SFM-02";
import { SFM05 } from "./SFM-05";
import { SFM07 } from "./SFM-07";
import { SFM10 } from "./SFM-10";
import { SFM11 } from "./SFM-11";
import { SKB01 } from "./SKB-01";
import { SKV01 } from "./SKV-01";
import { TOK03 } from "./TOK-03";
import { TOK04 } from "./TOK-04";
import { WFS01 } from "./WFS-01";
import { WFS02 } from "./WFS-02";
import { WFS06 } from "./WFS-06";
import { WFS07 } from "./WFS-07";
import { WFS08 } from "./WFS-08";
import { WFS11 } from "./WFS-11";

/** The pre-pr rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: RuleOf<PrePrCtx>[] = [
  CMD01, DRIFT04, MEM01, MEM02, MEM03, PATH01, PIN01, PLAN01, PLAN02, PLAN03, PP000, PP001, PP002, PP003, PP004, PP005,
  PP006, PP007, PP008, PP009, PP010, PP011, PP012, PP013, PP014, PP015, PP016, PP017, PP018, PP019, PP020, PRD02, PRD03, PRD05, RDY01,
  SFM02, SFM05, SFM07, SFM10, SFM11, SKB01, SKV01, TOK03, TOK04, WFS01, WFS02, WFS06, WFS07, WFS08, WFS11,
];

const FAMILIES = "pin wfs sfm prd path size tok drift plan skv mem skb cmd pctx row";

export function validatePrePr(input: Input, results: Results): void {
  if (applyFindingPass(input, results)) return; // "dir", "overrides" (passes.ts)
  const ctx = new PrePrCtx(input, results);
  if (ctx.family == "select") selectFiles(input, results);
  else if (!inList(ctx.family, segments(FAMILIES, 32))) results.status = 1; // no or an unknown family
  else runRules(RULES, ctx);
}
