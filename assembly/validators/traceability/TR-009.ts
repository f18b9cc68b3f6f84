// TR-009: front matter follows the spec schema (opt-in).
import { defineRule, msg, msgItem, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { TrCtx, orderKey, PH_SCHEMA, TR9 } from "./model";
import { Doc } from "../../io";
import { FrontMatter } from "../../lib/mdscan";
import { idKind, TYPES, PREFIX, STATUSES } from "./schema";

export const TR009 = defineRule("TR-009", SEV_ERROR, check);
function TR009_doc(): RuleDoc {
  return {
    id: "TR-009",
    validator: "traceability",
    title: "Front matter schema",
    description: "Opt-in: type, id, status present and valid; id agrees with type; related ids well-formed and unique.",
    messages: {
      missing: "Front matter: {{field}} missing ({{want}})",
      invalid: "Front matter: {{field}} '{{value}}' invalid ({{want}})",
    },
    terms: {
      fieldRelatedId: "related id",
    },
  };
}

function check(ctx: TrCtx): void {
  if ((ctx.fx & TR9) == 0) return;
  for (let i = 0; i < ctx.candDocs.length; i++) schema(ctx, ctx.candDocs[i], ctx.candCats[i], ctx.candFms[i]);
}

function bad(ctx: TrCtx, doc: Doc, field: string, v: string | null, want: string): void {
  ctx.report(ctx.rule, loc(doc, 1, 0, orderKey(PH_SCHEMA, 0, 0)), v === null
    ? msg("missing").s("field", field).s("want", want)
    : msg("invalid").s("field", field).s("value", v).s("want", want));
}

function schema(ctx: TrCtx, doc: Doc, cat: i32, fm: FrontMatter | null): void {
  if (fm === null) {
    bad(ctx, doc, "---", null, "type, id, status");
    return;
  }
  const t = fm.type;
  const id = fm.id;
  const st = fm.status;
  const tk = t === null ? -1 : TYPES.indexOf(t);
  if (tk != cat) bad(ctx, doc, "type", t, TYPES[cat]);
  const ik = id === null ? -1 : idKind(id);
  if (ik != cat) bad(ctx, doc, "id", id, PREFIX[cat] + "NNN");
  if (st === null || STATUSES.indexOf("|" + st + "|") < 0) bad(ctx, doc, "status", st, STATUSES.substring(1, STATUSES.length - 1));
  const raw = fm.rawRelated;
  const seen = new Map<string, string>();
  for (let i = 0; i < raw.length; i++) {
    if (idKind(raw[i]) < 0 || seen.has(raw[i])) bad(ctx, doc, msgItem(msg("fieldRelatedId")), raw[i], "REQ-/DESIGN-/TASK- id, once");
    seen.set(raw[i], "");
  }
}
