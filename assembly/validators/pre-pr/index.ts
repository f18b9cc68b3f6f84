// pre-pr validator: the rule families of the pre-PR checks. The host runs one family per call
// (fact "family") and tags each document with its role in `flags`.
import { Doc, Input, Results } from "../../io";
import { KIND_PREPR_FILE } from "../../abi";
import { checkPinning, checkStructure } from "./workflow";
import { checkSkills } from "./skill";
import { checkPrDescription } from "./prd";
import { checkPaths } from "./paths";
import { checkSize } from "./size";
import { checkTokens } from "./tok";
import { checkDrift } from "./drift";
import { checkPlanning } from "./plan";
import { Rule } from "../../rules";
import { DRIFT04 } from "./drift";
import { PATH01 } from "./paths";
import { PIN01, WFS01, WFS02, WFS07, WFS08 } from "./workflow";
import { WFS06 } from "./WFS-06";
import { PP001, PP002, PP003, PP004, PP005, PP006, PP007, PP008, PP009, PP010, PP011, PP012, PP013, PP014, PP015 } from "./PP-checks";
import { PLAN01, PLAN02, PLAN03 } from "./plan";
import { PRD02, PRD03, PRD05 } from "./prd";
import { RDY01 } from "./size";
import { SFM02, SFM05, SFM07, SFM10 } from "./skill";
import { TOK03 } from "./tok";
import { applyDirectives } from "./directives";

function docsOf(input: Input): Doc[] {
  return input.ofKind(KIND_PREPR_FILE);
}

export function validatePrePr(input: Input, results: Results): void {
  const fam = input.fact("family");
  const docs = docsOf(input);
  if (fam === null) results.status = 1;
  else if (fam == "pin") checkPinning(input, results, docs);
  else if (fam == "wfs") checkStructure(input, results, docs);
  else if (fam == "sfm") checkSkills(input, results, docs);
  else if (fam == "prd") checkPrDescription(input, results, docs);
  else if (fam == "path") checkPaths(input, results, docs);
  else if (fam == "size") checkSize(input, results, docs);
  else if (fam == "tok") checkTokens(input, results, docs);
  else if (fam == "drift") checkDrift(input, results, docs);
  else if (fam == "plan") checkPlanning(input, results, docs);
  else if (fam == "dir") applyDirectives(input, results, docs);
  else results.status = 1;
}

/** The pre-pr rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  DRIFT04, PATH01, PIN01, PLAN01, PLAN02, PLAN03, PP001, PP002, PP003, PP004, PP005, PP006, PP007, PP008,
  PP009, PP010, PP011, PP012, PP013, PP014, PP015, PRD02, PRD03, PRD05, RDY01, SFM02, SFM05, SFM07, SFM10,
  TOK03, WFS01, WFS02, WFS06, WFS07, WFS08,
];
