// SM-012: spec.md sections (manifest validator; the model is in ctx.ts).
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc } from "../../io";
import { KIND_MANIFEST_SPEC } from "../../abi";
import { asciiLower } from "../../lib/text";
import { pyStrip } from "../../lib/mdrow";
import { ManifestCtx, ARTIFACT_FLAGS } from "./ctx";

export const SM012 = defineRule("SM-012", SEV_ERROR, check);
function SM012_doc(): RuleDoc {
  return {
    id: "SM-012",
    validator: "manifest",
    title: "spec.md sections",
    description: "spec.md has Goals, Open Questions and Key Decisions headings.",
    messages: {
      specMdWasNot: "spec.md was not supplied, sections not checked",
      specMdHasNo: "spec.md has no '{{title}}' section",
    },
  };
}

function check(ctx: ManifestCtx): void {
  if (!ctx.filesApply()) return;
  const doc = ctx.doc;
  if ((doc.flags & ARTIFACT_FLAGS[0]) == 0) return; // no spec.md: SM-011
  const want = doc.name.substring(0, doc.name.length - "state.json".length) + "spec.md";
  let spec: Doc | null = null;
  const docs = ctx.input.docs;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    if (d.kind == KIND_MANIFEST_SPEC && d.name == want) { spec = d; break; }
  }
  if (spec === null) {
    ctx.report(ctx.rule, ctx.at(null), msg("specMdWasNot"));
    return;
  }
  const lines = (<Doc>spec).lines();
  const names: string[] = ["goals", "open questions", "key decisions"];
  const seen: bool[] = [false, false, false];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    let h = 0;
    while (h < l.length && h < 7 && l.charCodeAt(h) == 35) h++;
    if (h == 0 || h > 6 || h >= l.length || l.charCodeAt(h) != 32) continue;
    const t = asciiLower(pyStrip(l.substring(h + 1)));
    for (let k = 0; k < 3; k++) if (t == names[k] || t.startsWith(names[k] + " ") || t.startsWith(names[k] + ":")) seen[k] = true;
  }
  const title: string[] = ["Goals", "Open Questions", "Key Decisions"];
  for (let k = 0; k < 3; k++) if (!seen[k]) ctx.report(ctx.rule, ctx.at(null), msg("specMdHasNo").s("title", title[k]));
  (<Doc>spec).release();
}
