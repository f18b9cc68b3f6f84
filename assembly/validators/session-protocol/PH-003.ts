// PH-003: CONTEXT_RETRIEVAL: hand-off hash.
import { Input } from "../../io";
import { defineRule, RuleCtx, RuleDoc } from "../../rules";
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
    },
  };
}

function check(c: RuleCtx): void {
  const ctx = changetype<SpCtx>(c);
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

/** CONTEXT_RETRIEVAL. Facts: handoffPath, handoffExists (bool), recordedHash, currentHash, notesEvidence. */
function contextRetrieval(input: Input): Verdict {
  const path = str(input, "handoffPath");
  if (input.factBool("handoffExists", false)) {
    const recorded = asciiLower(str(input, "recordedHash"));
    const current = asciiLower(str(input, "currentHash"));
    if (recorded.length == 0) {
      return fail("no content hash of " + path + " recorded (record_evidence CONTEXT_RETRIEVAL handoff_hash <sha256 of the file>)");
    }
    if (!isSha256(recorded)) return fail("the recorded hand-off hash is not a SHA-256 hex digest: " + recorded);
    if (recorded != current) {
      return fail("stale hand-off hash: recorded " + recorded.substring(0, 12) + "…, " + path + " now hashes to " + current.substring(0, 12) + "… (read it again)");
    }
    return pass(path + " read (sha256 " + current.substring(0, 12) + "… matches)", "sha256:" + current);
  }
  const notes = str(input, "notesEvidence");
  if (notes.length > 0) return pass("no " + path + "; session-state notes stand in: " + notes, notes);
  return fail("no " + path + " and no session-state notes recorded (record_evidence CONTEXT_RETRIEVAL notes <summary>)");
}
