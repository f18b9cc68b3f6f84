// PATH-01: absolute machine paths in documentation. Fenced blocks (closed by the same fence
// character) and inline code spans are ignored; matches inside URLs are not paths.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { FAMILY_PATH, PrePrCtx } from "./ctx";
import { at, column, inCode, inUrl, startsAt } from "./paths";
import { isAlpha } from "../../lib/text";

export const PATH01 = defineRule("PATH-01", SEV_ERROR, check);
function PATH01_doc(): RuleDoc {
  return {
    id: "PATH-01",
    validator: "pre-pr",
    title: "Absolute path",
    description: "A documentation file cites an absolute machine path (a drive letter `C:\\`, `/Users/` or `/home/`) outside fenced blocks, code spans and URLs; such paths work on one machine only. Reported once per kind and line.",
    options: {
      extensions: { type: "string[]", "default": [".md"], description: "Extensions of the files scanned (the host selects them; config prePr.pathNormalization.extensions sets it too)." },
      excludes: { type: "string[]", "default": [".git/**", "**/node_modules/**", "**/bin/**", "**/obj/**", ".agents/sessions/**"], description: "Globs of files not scanned (config prePr.pathNormalization.excludes)." },
    },
    messages: {
      absolutePath: "Absolute path {{fromCharCode}}:\\",
      absolutePathUsers: "Absolute path /Users/",
      absolutePathHome: "Absolute path /home/",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_PATH)) return;
  const docs = ctx.docs;
  const results = ctx.results;
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d];
    const p = doc.ptr;
    const len = doc.len;
    let fenceChar: i32 = 0;
    let fenceLen: i32 = 0;
    let a = 0;
    let lineNo = 0;
    while (a < len) {
      lineNo++;
      let b = a;
      while (b < len && at(p, b) != 10) b++;
      const next = b + 1;
      if (b > a && at(p, b - 1) == 13) b--;
      let ind = a;
      while (ind < b && at(p, ind) == 32) ind++;
      const c0 = ind < b ? at(p, ind) : 0;
      let fenceLine = false;
      if (c0 == 96 || c0 == 126) {
        let n = 0;
        while (ind + n < b && at(p, ind + n) == c0) n++;
        if (n >= 3) {
          if (fenceChar == 0) {
            fenceChar = c0;
            fenceLen = n;
            fenceLine = true;
          } else if (c0 == fenceChar && n >= fenceLen) {
            fenceChar = 0;
            fenceLine = true;
          }
        }
      }
      if (!fenceLine && fenceChar == 0) {
        let drive = false, users = false, home = false;
        for (let i = a; i < b; i++) {
          const c = at(p, i);
          if (c == 58 && !drive && i > a && i + 1 < b && at(p, i + 1) == 92 && isAlpha(at(p, i - 1)) && (i - 1 == a || !isAlpha(at(p, i - 2)))) {
            if (!inCode(p, a, b, i)) {
              drive = true;
              ctx.report(ctx.rule, loc(doc, lineNo, column(p, a, i - 1)), msg("absolutePath").s("fromCharCode", String.fromCharCode(at(p, i - 1))));
            }
          } else if (c == 47 && i + 1 < b && (at(p, i + 1) == 85 || at(p, i + 1) == 104)) {
            if (!users && startsAt(p, i, b, "/Users/") && !inCode(p, a, b, i) && !inUrl(p, a, i)) {
              users = true;
              ctx.report(ctx.rule, loc(doc, lineNo, column(p, a, i)), msg("absolutePathUsers"));
            } else if (!home && startsAt(p, i, b, "/home/") && !inCode(p, a, b, i) && !inUrl(p, a, i)) {
              home = true;
              ctx.report(ctx.rule, loc(doc, lineNo, column(p, a, i)), msg("absolutePathHome"));
            }
          }
        }
      }
      a = next;
    }
  }
}
