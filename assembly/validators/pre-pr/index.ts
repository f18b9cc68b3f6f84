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
