// CrossReferences: CO-008, CO-009. Link targets are resolved against the linking file's folder;
// whether a target exists (and stays inside the base path) is a fact the host answers.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc } from "../../io";
import { ConsistencyCtx, FX1, FX2 } from "./context";
import { findLinks, codeRanges, lineAt, at, isWs, trimWs } from "../../lib/mdscan";
import { isAlpha, isAlnum, isHex } from "../../lib/text";

export const CO008 = defineRule("CO-008", SEV_ERROR);
function CO008_doc(): RuleDoc {
  return {
    id: "CO-008",
    validator: "consistency",
    title: "Broken reference",
    description: "A relative link in an Epic, PRD, Tasks or Plan points to nothing.",
    messages: {
      brokenReference: "Broken reference: {{shown}}",
    },
  };
}
export const CO009 = defineRule("CO-009", SEV_ERROR);
function CO009_doc(): RuleDoc {
  return {
    id: "CO-009",
    validator: "consistency",
    title: "Reference outside the repository",
    description: "A link target resolves outside the base path (absolute paths included).",
    messages: {
      pathTraversalDetected: "Path traversal detected: {{shown}}",
    },
  };
}

function hexVal(c: i32): i32 {
  return c <= 57 ? c - 48 : (c | 32) - 87;
}

/** FX-2: the path part of a target, or "" to skip it (scheme, anchor only, empty). */
function cleanTarget(raw: string): string {
  let t = trimWs(raw);
  if (at(t, "<", 0) && t.indexOf(">") > 0) t = t.substring(1, t.indexOf(">"));
  else {
    for (let i = 0; i < t.length; i++) if (isWs(t.charCodeAt(i))) { t = t.substring(0, i); break; }
  }
  // URI scheme
  if (t.length > 0 && isAlpha(t.charCodeAt(0))) {
    for (let i = 1; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c == 58) return "";
      if (!isAlnum(c) && c != 43 && c != 45 && c != 46) break;
    }
  }
  let cut = t.indexOf("#");
  if (cut >= 0) t = t.substring(0, cut);
  cut = t.indexOf("?");
  if (cut >= 0) t = t.substring(0, cut);
  if (t.indexOf("%") < 0) return t;
  // percent-decoding of ASCII escapes
  let out = "";
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c == 37 && i + 2 < t.length && isHex(t.charCodeAt(i + 1)) && isHex(t.charCodeAt(i + 2))) {
      const v = hexVal(t.charCodeAt(i + 1)) * 16 + hexVal(t.charCodeAt(i + 2));
      if (v < 128) { out += String.fromCharCode(v); i += 2; continue; }
    }
    out += String.fromCharCode(c);
  }
  return out;
}

function dirOf(name: string): string {
  const i = name.lastIndexOf("/");
  return i < 0 ? "" : name.substring(0, i + 1);
}

function scan(ctx: ConsistencyCtx, doc: Doc | null): bool {
  if (doc === null) return true;
  let ok = true;
  const fx = ctx.fx;
  const t = doc.text();
  const links = findLinks(t, (fx & FX2) != 0);
  const code = (fx & FX1) != 0 ? codeRanges(t) : new Array<i32>(0);
  let r = 0;
  const cursor: i32[] = [0, 1];
  for (let i = 0; i < links.targets.length; i++) {
    const raw = links.targets[i];
    const off = links.offsets[i];
    while (r < code.length && code[r + 1] <= off) r += 2;
    if (r < code.length && code[r] <= off) continue; // FX-1: inside code
    if (at(raw, "http://", 0) || at(raw, "https://", 0) || at(raw, "#", 0)) continue;
    const hash = raw.indexOf("#");
    const shown = hash >= 0 ? raw.substring(0, hash) : raw;
    const target = (fx & FX2) != 0 ? cleanTarget(raw) : shown;
    if (target.length == 0) continue;
    const q = at(target, "/", 0) ? target : dirOf(doc.name) + target;
    const states = ctx.linkState;
    if (states === null || !states.has(q)) {
      if (!ctx.queried.has(q)) {
        ctx.queried.set(q, "");
        ctx.queries.push(q);
      }
      continue;
    }
    const st = states.get(q);
    if (st == "e") continue;
    ok = false;
    const line = lineAt(t, cursor, off);
    if (st == "o") ctx.report(CO009, doc, line, msg("pathTraversalDetected").s("shown", shown));
    else ctx.report(CO008, doc, line, msg("brokenReference").s("shown", shown));
  }
  return ok;
}

export function checkLinks(ctx: ConsistencyCtx): void {
  const f = ctx.feature;
  let ok = scan(ctx, f.epic);
  ok = scan(ctx, f.prd) && ok;
  ok = scan(ctx, f.tasks) && ok;
  ok = scan(ctx, f.plan) && ok;
  ctx.check("CrossReferences", ok);
}
