// The token estimate of the pre-pr family "tok" (TOK-03): a character-class estimate of tokens.

function isPunctOrSymbol(c: i32): bool {
  if (c < 128) return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
  return (c >= 0xa1 && c <= 0xbf) || c == 0xd7 || c == 0xf7 || (c >= 0x2010 && c <= 0x2bff) ||
    (c >= 0x3000 && c <= 0x303f) || (c >= 0x1f000 && c <= 0x1faff);
}

/** Estimated tokens of a text (CRLF counted as LF). */
export function estimateTokens(text: string): i32 {
  let chars = 0, nonAscii = 0, punct = 0, digits = 0, ws = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c == 13 && i + 1 < text.length && text.charCodeAt(i + 1) == 10) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      c = text.codePointAt(i);
      i++;
    }
    chars++;
    if (c >= 128) nonAscii++;
    if (isPunctOrSymbol(c)) punct++;
    else if (c >= 48 && c <= 57) digits++;
    else if (c == 32 || c == 9 || c == 10 || c == 13 || c == 11 || c == 12 || c == 0xa0) ws++;
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
