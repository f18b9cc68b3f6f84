// MI-020: a token count the root index records, `[name](file.md) (N)`, far from the file's size
// (upstream's scripts/update_memory_index_tokens.py --check, lefthook `memory-token-counts`). Upstream
// counts with tiktoken's cl100k_base vocabulary, which the core does not carry: MI-020 compares with
// TOK-03's estimate and reports a count only when the two are more than `tolerance` percent apart.
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_WARNING } from "../../abi";
import { Doc } from "../../io";
import { isDigit, findUnit } from "../../lib/text";
import { estimateTokens } from "../pre-pr/tok";
import { MiCtx, U_ROOT, T_FILE, F_UNREAD, ROOT_OK, levelSeverity, pathParts } from "./ctx";
import { MI_TYPE_MASK } from "../../abi";
import { rootModel } from "./rootindex";

export const MI020 = defineRule("MI-020", SEV_WARNING, check);
function MI020_doc(): RuleDoc {
  return {
    id: "MI-020",
    validator: "memory-index",
    title: "Recorded token count far from the file",
    description: "A link of `memory-index.md` followed by a token count, `[name](file.md) (N)` (upstream's pattern, on every line), records a count more than `tolerance` percent away from the file's estimated tokens (the estimate is TOK-03's: characters by class, no vocabulary). Upstream recounts with tiktoken's `cl100k_base` and requires the exact number; an estimate cannot, so MI-020 finds counts that are far off (a memory rewritten or grown since it was counted) and leaves small drift alone. Measured against the counts upstream recorded, the estimate is 0.92 to 1.69 times tiktoken's count on today's upstream tree (median 1.17, 187 memories) and 1.01 to 1.75 on the corpus (median 1.30, 83), hence the default 100: a count is reported when the file has about doubled or halved since it was counted. A link to a file that does not exist is skipped (MI-013's finding), as are files the host could not read. Off by default: set `rules.MI-020.options.level` to `warn` or `error` to run it, and the memory-index validator then reads every markdown memory (otherwise only the index files; measured on 1,026 memories: about 0.45 s more on a loaded 2-core machine).",
    options: {
      tolerance: { type: "integer", "default": 100, description: "How far, in percent, the estimate may be above the recorded count (or the recorded count above the estimate) before MI-020 reports it." },
      level: { type: "enum", values: ["warn", "error", "off"], "default": "off", description: "Severity of the finding: warn, error or off (the default: turning MI-020 on makes the validator read every memory, where it otherwise reads the index files only)." },
    },
    messages: {
      farOff: "{{file}}: recorded {{recorded}} tokens, about {{estimate}} by estimate (more than {{tolerance}}% apart): recount it",
    },
  };
}

/** The memory a link target names (`./`, `.` and `..` resolved lexically; null outside the folder). */
function target(t: string): string | null {
  const parts = pathParts(t);
  return parts === null || parts!.length == 0 ? null : parts!.join("/");
}

function check(ctx: MiCtx): void {
  if (ctx.unit != U_ROOT) return;
  const sev = levelSeverity(ctx);
  if (sev < 0) return;
  const m = rootModel(ctx);
  if (m.state != ROOT_OK) return;
  const tol = ctx.input.optionInt(ctx.rule, "tolerance", 100);
  const factor = 1.0 + <f64>(tol < 0 ? 0 : tol) / 100.0;
  const lines = m.doc!.lines();
  for (let ln = 0; ln < lines.length; ln++) {
    const s = lines[ln];
    // \[([^\]]+)\]\(([^)]+\.md)\)\s*\((\d+)\), every non-overlapping match left to right
    let i = findUnit(s, 91);
    while (i >= 0) {
      let next = i + 1;
      const close = findUnit(s, 93, i + 1);
      if (close > i + 1 && close + 1 < s.length && s.charCodeAt(close + 1) == 40) {
        const paren = findUnit(s, 41, close + 2);
        const dest = paren > close + 2 ? s.substring(close + 2, paren) : "";
        if (dest.length > 3 && dest.endsWith(".md")) {
          let k = paren + 1;
          while (k < s.length && (s.charCodeAt(k) == 32 || s.charCodeAt(k) == 9 || s.charCodeAt(k) == 11 || s.charCodeAt(k) == 12)) k++;
          let e = k + 1;
          while (e < s.length && isDigit(s.charCodeAt(e))) e++;
          if (k < s.length && s.charCodeAt(k) == 40 && e > k + 1 && e < s.length && s.charCodeAt(e) == 41) {
            next = e + 1;
            const path = target(dest);
            const d: Doc | null = path === null ? null : ctx.entry(path!);
            if (d !== null && (d.flags & MI_TYPE_MASK) == T_FILE && (d.flags & F_UNREAD) == 0) {
              const digits = s.substring(k + 1, e);
              const recorded = digits.length > 9 ? i32.MAX_VALUE : I32.parseInt(digits);
              const est = estimateTokens(d.text());
              if (<f64>est > <f64>recorded * factor || <f64>recorded > <f64>est * factor) {
                ctx.reportAs(ctx.rule, sev, loc(m.doc!, ln + 1), msg("farOff").s("file", dest).i("recorded", recorded).i("estimate", est).i("tolerance", tol));
              }
            }
          }
        }
      }
      i = next < s.length ? findUnit(s, 91, next) : -1;
    }
  }
}
