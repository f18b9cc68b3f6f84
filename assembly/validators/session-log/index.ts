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
