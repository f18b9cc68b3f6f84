// The context of the JSON session-log rules: the session context plus the parsed log (set once
// the log parsed to an object; rules run only then).
import { Input, Results, Doc } from "../../../io";
import { SessionCtx } from "../context";
import { JsonLog } from "./model";

export class JsonCtx extends SessionCtx {
  log: JsonLog | null = null;
  /** The effective mode (record wins over creation). */
  jmode: i32 = 0;
  /** The schema layer ran (SP-102); SP-103 checks presence only when it did not. */
  schemaRan: bool = false;
  constructor(input: Input, results: Results, doc: Doc) {
    super(input, results, doc);
  }
}
