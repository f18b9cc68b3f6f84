// The token estimate of the pre-pr families "tok" (TOK-03), "pctx" (TOK-04) and MI-020: upstream's
// scripts/validation/token_budget.py estimate_token_count. Code points are classified as Python does
// it: non-ASCII (`[^\x00-\x7F]`), punctuation and symbols (unicodedata.category P* or S*), digits
// (`\d`: category Nd) and whitespace (`\s`: str.isspace), from the tables of lib/unicode-classes.ts.
import { DECIMAL_DIGIT, PUNCT_SYMBOL, inRanges } from "../../lib/unicode-classes";
import { pySpace } from "./mem";

function isPunctOrSymbol(c: i32): bool {
  if (c < 128) return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
  return inRanges(PUNCT_SYMBOL, c);
}

function isDigit(c: i32): bool {
  if (c < 128) return c >= 48 && c <= 57;
  return inRanges(DECIMAL_DIGIT, c);
}

/** Estimated tokens of a text (CRLF counted as LF). */
export function estimateTokens(text: string): i32 {
  let chars = 0, nonAscii = 0, punct = 0, digits = 0, ws = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c == 13 && i + 1 < text.length && text.charCodeAt(i + 1) == 10) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      c = text.codePointAt(i);
      if (c > 0xffff) i++;
    }
    chars++;
    if (c >= 128) nonAscii++;
    if (isPunctOrSymbol(c)) punct++;
    else if (isDigit(c)) digits++;
    else if (c < 0x10000 && pySpace(c)) ws++;
  }
  if (chars == 0) return 0;
  const n = <f64>chars;
  const base = Math.ceil(n / 4.0);
  let mult = 1.0;
  const rNon = nonAscii / n, rP = punct / n, rD = digits / n, rW = ws / n;
  if (rNon > 0.01) mult += Math.min(0.6, 2.0 * rNon);
  if (rP > 0.08 && rW < 0.18) mult += Math.min(0.5, 3.0 * (rP - 0.08));
  if (rD > 0.1) mult += Math.min(0.25, 1.5 * (rD - 0.1));
  return <i32>Math.ceil(base * mult * 1.05);
}
