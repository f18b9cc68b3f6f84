// Session-log validator (port of Validate-SessionProtocol.ps1 / Validate-Session.ps1 for markdown
// logs and validate_session_json.py for JSON logs). Rules run in the order listed here.
import { Input, Results, collectBetweenDocs } from "../../io";
import { KIND_SESSION_MD, KIND_SESSION_JSON, KIND_SESSION_SET, KIND_SESSION_REPO, DOC_IGNORED } from "../../abi";
import { checkRepoHandoff } from "./sp017-handoff";
import { SessionCtx } from "./context";
import { checkSP001 } from "./sp001-file-name";
import { checkContent } from "../common";
import { checkSP002, checkSP003, FLAG_UNREAD } from "./sp002-003-path";
import { skipHistorical, checkStagedLog } from "./sp004-selection";
import { validateMarkdown } from "./md";
import { validateJsonLog } from "./json/index";
import { Rule } from "../../rules";
import { SP001 } from "./sp001-file-name";
import { SP002, SP003 } from "./sp002-003-path";
import { SP004 } from "./sp004-selection";
import { SP005, SP030, SP031, SP032, SP034, SP035, SP036 } from "./strict-template";
import { SP010, SP011, SP012, SP022 } from "./sp010-012-sections";
import { SP013, SP014, SP015 } from "./sp013-015-rows";
import { SP016 } from "./sp016-memory";
import { SP017 } from "./sp017-handoff";
import { SP018 } from "./sp018-abs-paths";
import { SP020, SP021 } from "./sp020-021-commit";
import { SP024 } from "./sp024-cited-paths";
import { SP037 } from "./sp037-qa";
import { SP038, SP039, SP040, SP041, SP042, SP090 } from "./strict-git";
import { SP100, SP101 } from "./json/sp100-parse";
import { SP102, SP103 } from "./json/sp102-schema";
import { SP104, SP105, SP106, SP115 } from "./json/session-fields";
import { SP107, SP108, SP109, SP110, SP112, SP113, SP114 } from "./json/checklist";
import { SP111 } from "./json/sp111-contradiction";
import { SP116, SP117, SP118, SP119 } from "./json/agreement";
import { SP130, SP131, SP132 } from "./json/git-rules";

export function validateSessionLog(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind == KIND_SESSION_SET) {
      checkStagedLog(input, results, doc);
      continue;
    }
    if (doc.kind == KIND_SESSION_REPO) {
      checkRepoHandoff(new SessionCtx(input, results, doc));
      continue;
    }
    if (doc.kind != KIND_SESSION_MD && doc.kind != KIND_SESSION_JSON) {
      if (doc.kind != 0) results.setDocStatus(doc, DOC_IGNORED);
      continue;
    }
    const ctx = new SessionCtx(input, results, doc);
    if (!checkSP002(ctx) || skipHistorical(ctx)) continue;
    checkSP001(ctx);
    checkSP003(ctx);
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
