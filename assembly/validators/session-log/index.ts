// Session-log validator (port of Validate-SessionProtocol.ps1 / Validate-Session.ps1 for markdown
// logs and validate_session_json.py for JSON logs). Rules run in the order listed here.
import { Input, Results } from "../../io";
import { KIND_SESSION_MD, KIND_SESSION_JSON } from "../../abi";
import { SessionCtx } from "./context";
import { checkSP001 } from "./sp001-file-name";
import { checkContent } from "../common";

export function validateSessionLog(input: Input, results: Results): void {
  for (let i = 0; i < input.docs.length; i++) {
    const doc = input.docs[i];
    if (doc.kind != KIND_SESSION_MD && doc.kind != KIND_SESSION_JSON) continue;
    const ctx = new SessionCtx(input, results, doc);
    checkSP001(ctx);
    if (!checkContent(doc, results)) continue;
  }
}
