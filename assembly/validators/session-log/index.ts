// Session-log validator (port of Validate-SessionProtocol.ps1 / Validate-Session.ps1 for markdown
// logs and validate_session_json.py for JSON logs). Rules run in the order listed here.
import { Input, Results, collectBetweenDocs } from "../../io";
import { KIND_SESSION_MD, KIND_SESSION_JSON, KIND_SESSION_SET, KIND_SESSION_REPO, DOC_IGNORED } from "../../abi";
import { SessionCtx } from "./context";
import { checkContent } from "../common";
import { FLAG_UNREAD, isMissing, skipHistorical } from "./paths";
import { validateMarkdown } from "./md";
import { validateJsonLog } from "./json/index";
import { Rule, runCheck, runRules, RuleOf } from "../../rules";
import { SP001 } from "./SP-001";
import { SP002 } from "./SP-002";
import { SP003 } from "./SP-003";
import { SP004 } from "./SP-004";
import { SP005 } from "./SP-005";
import { SP010 } from "./SP-010";
import { SP011 } from "./SP-011";
import { SP012 } from "./SP-012";
import { SP013 } from "./SP-013";
import { SP014 } from "./SP-014";
import { SP015 } from "./SP-015";
import { SP016 } from "./SP-016";
import { SP017, checkRepo } from "./SP-017";
import { SP018 } from "./SP-018";
import { SP020 } from "./SP-020";
import { SP021 } from "./SP-021";
import { SP022 } from "./SP-022";
import { SP024 } from "./SP-024";
import { SP030 } from "./SP-030";
import { SP031 } from "./SP-031";
import { SP032 } from "./SP-032";
import { SP034 } from "./SP-034";
import { SP035 } from "./SP-035";
import { SP036 } from "./SP-036";
import { SP037 } from "./SP-037";
import { SP038 } from "./SP-038";
import { SP039 } from "./SP-039";
import { SP040 } from "./SP-040";
import { SP041 } from "./SP-041";
import { SP042 } from "./SP-042";
import { SP090 } from "./SP-090";
import { SP100 } from "./json/SP-100";
import { SP101 } from "./json/SP-101";
import { SP102 } from "./json/SP-102";
import { SP103 } from "./json/SP-103";
import { SP104 } from "./json/SP-104";
import { SP105 } from "./json/SP-105";
import { SP106 } from "./json/SP-106";
import { SP115 } from "./json/SP-115";
import { SP107 } from "./json/SP-107";
import { SP108 } from "./json/SP-108";
import { SP109 } from "./json/SP-109";
import { SP110 } from "./json/SP-110";
import { SP111 } from "./json/SP-111";
import { SP112 } from "./json/SP-112";
import { SP113 } from "./json/SP-113";
import { SP114 } from "./json/SP-114";
import { SP116 } from "./json/SP-116";
import { SP117 } from "./json/SP-117";
import { SP118 } from "./json/SP-118";
import { SP119 } from "./json/SP-119";
import { SP130 } from "./json/SP-130";
import { SP131 } from "./json/SP-131";
import { SP132 } from "./json/SP-132";

/** Rules of the sessions-directory document (pre-commit staged-log check). */
const SET_RULES: RuleOf<SessionCtx>[] = [SP004];
/** Rules of every log's path, markdown or JSON (each returns early when it does not apply). */
const PATH_RULES: RuleOf<SessionCtx>[] = [SP001, SP002, SP003];

export function validateSessionLog(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind == KIND_SESSION_SET) {
      runRules(SET_RULES, new SessionCtx(input, results, doc));
      continue;
    }
    if (doc.kind == KIND_SESSION_REPO) {
      // a repository-level HANDOFF.md failure, once per run (SP-017's second entry point)
      runCheck(SP017, checkRepo, new SessionCtx(input, results, doc));
      continue;
    }
    if (doc.kind != KIND_SESSION_MD && doc.kind != KIND_SESSION_JSON) {
      if (doc.kind != 0) results.setDocStatus(doc, DOC_IGNORED);
      continue;
    }
    const ctx = new SessionCtx(input, results, doc);
    if (!isMissing(ctx) && skipHistorical(ctx)) continue;
    runRules(PATH_RULES, ctx);
    if (isMissing(ctx)) continue; // SP-002 above
    if ((doc.flags & FLAG_UNREAD) != 0) continue; // outside the repository: never read (SP-003 above)
    if (!checkContent(doc, results)) continue;
    if (doc.kind == KIND_SESSION_MD) validateMarkdown(ctx);
    else validateJsonLog(ctx);
    doc.release();
    collectBetweenDocs();
  }
}

/** The session-log rules, in id order (scripts/gen-rules.mjs checks the order and that every rule is listed once). */
export const RULES: Rule[] = [
  SP001, SP002, SP003, SP004, SP005, SP010, SP011, SP012, SP013, SP014, SP015, SP016, SP017, SP018, SP020,
  SP021, SP022, SP024, SP030, SP031, SP032, SP034, SP035, SP036, SP037, SP038, SP039, SP040, SP041, SP042,
  SP090, SP100, SP101, SP102, SP103, SP104, SP105, SP106, SP107, SP108, SP109, SP110, SP111, SP112, SP113,
  SP114, SP115, SP116, SP117, SP118, SP119, SP130, SP131, SP132,
];
