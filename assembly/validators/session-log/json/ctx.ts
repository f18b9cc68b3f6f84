// The context of the JSON session-log rules: the session context plus the parse result (SP-100,
// SP-101) and the parsed log (set once the log parsed to an object; the other rules run only then).
import { Input, Results, Doc } from "../../../io";
import { JsonResult } from "../../../lib/json";
import { SessionCtx } from "../context";
import { JsonLog } from "./model";
import { ChecklistItem } from "./model";

const NONE_MISSING: string[] = [];

export class JsonCtx extends SessionCtx {
  /** What parsing the log's bytes gave (SP-100/SP-101 report on it). */
  parsed: JsonResult = new JsonResult();
  log: JsonLog | null = null;
  /** The effective mode (record wins over creation). */
  jmode: i32 = 0;
  /** The schema layer ran (SP-102); SP-103 checks presence only when it did not. */
  schemaRan: bool = false;
  /** The checklist rows (SP-107..SP-114), built once for the checklist rules (./checklist.ts). */
  rows: ChecklistItem[] | null = null;
  /** Sequence key of each section's missing-item block (SP-107). */
  blockSeq: i32[] = [0, 0];
  /** Each section's required items that are missing, in required order (SP-107; set with rows). */
  missing: string[][] = [NONE_MISSING, NONE_MISSING];
  /** Sequence key of each finding a checklist rule reported, in report order (./checklist.ts). */
  seq: i32[] = [];
  constructor(input: Input, results: Results, doc: Doc) {
    super(input, results, doc);
  }
}
