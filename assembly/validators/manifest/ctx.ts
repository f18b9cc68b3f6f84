// The manifest validator's context: one KIND_MANIFEST document, parsed once; the schema layer's
// errors computed once (lazily) and shared by SM-002 (reports them) and SM-004..010 (run only on a
// manifest of the right shape). Rules only decide and report.
import { Input, Results, Doc } from "../../io";
import { Loc, RuleCtx, msg, msgItem } from "../../rules";
import { JValue, J_OBJ, J_STR, parseJson, LineIndex } from "../../lib/json";
import { Schema, SchemaError, sortedErrors, isDateTime } from "../session-log/json/schema";
import { epochMs } from "./time";
import { SM_HAS_SPEC, SM_HAS_PLAN, SM_PLAN_READABLE } from "../../abi";

export const PHASES: string[] = ["spec", "plan", "build", "docs", "complete"];
/** Phases with started/completed timestamps in phase_history. */
export const STEP_PHASES: string[] = ["spec", "plan", "build", "docs"];
/** Document flags: which artifact files exist (spec.md, plan.json, plan.md). */
export const ARTIFACT_FLAGS: i32[] = [SM_HAS_SPEC, SM_HAS_PLAN, SM_PLAN_READABLE];
export const ARTIFACTS: string[] = ["spec.md", "plan.json", "plan.md"];

let schemaFor: i32 = 0; // Input.serial of the call the schema was loaded for
let schema: Schema | null = null;
let schemaProblem: string = "";

function loadSchema(input: Input): void {
  if (schemaFor == input.serial) return;
  schemaFor = input.serial;
  schema = null;
  schemaProblem = "";
  const text = input.fact("manifest.schema");
  if (text === null) {
    schemaProblem = msgItem(msg("schemaNotSupplied"));
    return;
  }
  const r = parseJson(text);
  if (r.error.length > 0) {
    schemaProblem = msgItem(msg("schemaNotJson").s("error", r.error));
    return;
  }
  const s = new Schema(r.value!);
  if (!s.check()) {
    schemaProblem = msgItem(msg("schemaNotUsable").s("why", s.invalid));
    return;
  }
  schema = s;
}

export class ManifestCtx extends RuleCtx {
  doc: Doc;
  lines: LineIndex;
  /** Parse error ("" when the text is JSON) and its position. */
  parseError: string = "";
  parseErrorPos: i32 = 0;
  /** The parsed manifest (null when not JSON). */
  root: JValue | null = null;
  /** Write-time check (fact manifest.scope = "content"): no folder/artifact rules. */
  contentOnly: bool;
  private errs: SchemaError[] | null = null;
  /** This manifest's checks that ran out of a core budget (set with errs). */
  private lims: SchemaError[] = [];

  constructor(input: Input, results: Results, doc: Doc, contentOnly: bool) {
    super(input, results);
    loadSchema(input);
    this.doc = doc;
    this.contentOnly = contentOnly;
    const text = doc.text();
    this.lines = new LineIndex(text);
    const pr = parseJson(text);
    if (pr.error.length > 0) {
      this.parseError = pr.error;
      this.parseErrorPos = pr.errorPos;
    } else this.root = pr.value;
  }

  /** The manifest is a JSON object (the content rules apply). */
  isObject(): bool {
    return this.root !== null && this.root!.kind == J_OBJ;
  }

  /** The folder/artifact rules apply: not a content-only check, and the text is JSON but not a non-object. */
  filesApply(): bool {
    return !this.contentOnly && (this.root === null || this.root!.kind == J_OBJ);
  }

  schema(): Schema | null {
    return schema;
  }

  schemaProblem(): string {
    return schemaProblem;
  }

  /** Schema violations of this manifest, by path (empty when no usable schema). */
  schemaErrors(): SchemaError[] {
    if (this.errs === null) {
      const s = schema;
      if (s === null || !this.isObject()) this.errs = [];
      else {
        s.run(this.root!, false);
        this.errs = sortedErrors(s);
        this.lims = s.limits;
      }
    }
    return this.errs!;
  }

  /** Checks of this manifest's schema layer that ran out of a core budget (AC-904: no verdict, never a pass). */
  schemaLimits(): SchemaError[] {
    this.schemaErrors();
    return this.lims;
  }

  /**
   * The invariants (SM-004..010) need a manifest of the right shape: a usable schema that passed
   * (a check without a verdict, AC-904, is not a pass).
   */
  invariantsApply(): bool {
    return this.isObject() && schema !== null && this.schemaErrors().length == 0 && this.lims.length == 0;
  }

  /** The location of a value of the manifest (the whole file when null). */
  at(v: JValue | null): Loc {
    return v === null ? new Loc(this.doc) : new Loc(this.doc, this.lines.line(v.pos), this.lines.col(v.pos));
  }
}

export function str(o: JValue, k: string): string {
  const v = o.get(k);
  return v !== null && v.kind == J_STR ? v.s : "";
}

/** A timestamp member: its instant (ms), or NaN when null/absent/unparseable. */
export function ts(o: JValue, k: string): f64 {
  const v = o.get(k);
  if (v === null || v.kind != J_STR || !isDateTime(v.s)) return NaN;
  return epochMs(v.s);
}

export function folderOf(name: string): string {
  let end = name.lastIndexOf("/");
  if (end < 0) return "";
  const start = name.lastIndexOf("/", end - 1);
  return name.substring(start + 1, end);
}
