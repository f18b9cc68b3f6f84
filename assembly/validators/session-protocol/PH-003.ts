// PH-003: CONTEXT_RETRIEVAL: hand-off hash.
import { Input } from "../../io";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { SpCtx, str, Verdict, pass, fail } from "./ctx";
import { asciiLower } from "../../lib/text";

export const PH003 = defineRule("PH-003", SEV_ERROR, check);
function PH003_doc(): RuleDoc {
  return {
    id: "PH-003",
    validator: "session-protocol",
    title: "CONTEXT_RETRIEVAL: hand-off hash",
    description: "A recorded content hash of .agents/HANDOFF.md matches the file now; without a hand-off file, recorded session-state notes stand in (MUST, blocking).",
    messages: {
      gateFailed: "{{gate}}: {{message}}",
      noHash: "no content hash of {{path}} recorded (record_evidence CONTEXT_RETRIEVAL handoff_hash <sha256 of the file>)",
      badHash: "the recorded hand-off hash is not a SHA-256 hex digest: {{hash}}",
      stale: "stale hand-off hash: recorded {{recorded}}…, {{path}} now hashes to {{current}}… (read it again)",
      ok: "{{path}} read (sha256 {{current}}… matches)",
      unreadable: "{{path}} exists but cannot be read, so its hash cannot be checked: {{reason}}",
      notes: "no {{path}}; session-state notes stand in: {{notes}}",
      nothing: "no {{path}} and no session-state notes recorded (record_evidence CONTEXT_RETRIEVAL notes <summary>)",
    },
  };
}

function check(ctx: SpCtx): void {
  if (!ctx.is("CONTEXT_RETRIEVAL")) return;
  ctx.decide(contextRetrieval(ctx.input));
}

function isSha256(s: string): bool {
  if (s.length != 64) return false;
  for (let i = 0; i < 64; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** CONTEXT_RETRIEVAL. Facts: handoffPath, handoffExists (bool), handoffUnreadable, recordedHash, currentHash, notesEvidence. */
function contextRetrieval(input: Input): Verdict {
  const path = str(input, "handoffPath");
  if (input.factBool("handoffExists", false)) {
    // never a pass (nor notes standing in) for a hand-off file that is there but was not read
    const unreadable = str(input, "handoffUnreadable");
    if (unreadable.length > 0) return fail(msg("unreadable").s("path", path).s("reason", unreadable));
    const recorded = asciiLower(str(input, "recordedHash"));
    const current = asciiLower(str(input, "currentHash"));
    if (recorded.length == 0) {
      return fail(msg("noHash").s("path", path));
    }
    if (!isSha256(recorded)) return fail(msg("badHash").s("hash", recorded));
    if (recorded != current) {
      return fail(msg("stale").s("recorded", recorded.substring(0, 12)).s("path", path).s("current", current.substring(0, 12)));
    }
    return pass(msg("ok").s("path", path).s("current", current.substring(0, 12)), "sha256:" + current);
  }
  const notes = str(input, "notesEvidence");
  if (notes.length > 0) return pass(msg("notes").s("path", path).s("notes", notes), notes);
  return fail(msg("nothing").s("path", path));
}
