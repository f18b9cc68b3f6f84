// The context every pre-pr rule receives: the rule family of this call (fact "family"), the
// documents with their roles (flags), and the family's model, parsed once and shared by the rules
// of the family (the model modules cache it per context). A rule of another family returns at once.
import { Doc, Input, Results } from "../../io";
import { KIND_PREPR_FILE } from "../../abi";
import { RuleCtx } from "../../rules";

export const FAMILY_PIN = "pin";
export const FAMILY_WFS = "wfs";
export const FAMILY_SFM = "sfm";
export const FAMILY_PRD = "prd";
export const FAMILY_PATH = "path";
export const FAMILY_SIZE = "size";
export const FAMILY_TOK = "tok";
export const FAMILY_DRIFT = "drift";
export const FAMILY_PLAN = "plan";
export const FAMILY_SKV = "skv";
export const FAMILY_MEM = "mem";
export const FAMILY_SKB = "skb";
export const FAMILY_CMD = "cmd";
export const FAMILY_PCTX = "pctx";

export class PrePrCtx extends RuleCtx {
  family: string;
  docs: Doc[];
  constructor(input: Input, results: Results) {
    super(input, results);
    const f = input.fact("family");
    this.family = f === null ? "" : f;
    this.docs = input.ofKind(KIND_PREPR_FILE);
  }
  /** True when this call runs `family` (and the rule should run). */
  runs(family: string): bool {
    return this.family == family;
  }
}
