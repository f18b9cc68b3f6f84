// Small text helpers (AssemblyScript has no RegExp).

export function isDigit(c: i32): bool {
  return c >= 48 && c <= 57;
}
export function isHex(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
export function isLowerHex(c: i32): bool {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102);
}
export function isAlpha(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
export function isAlnum(c: i32): bool {
  return isAlpha(c) || isDigit(c);
}
export function isSpace(c: i32): bool {
  return c == 32 || c == 9 || c == 10 || c == 13 || c == 11 || c == 12;
}

/** ASCII lower-casing (non-ASCII left as is). */
export function asciiLower(s: string): string {
  let needs = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) { needs = true; break; }
  }
  if (!needs) return s;
  return s.toLowerCase();
}

export function startsWithIgnoreCase(s: string, prefix: string): bool {
  if (prefix.length > s.length) return false;
  return asciiLower(s.substring(0, prefix.length)) == asciiLower(prefix);
}

export function endsWithIgnoreCase(s: string, suffix: string): bool {
  if (suffix.length > s.length) return false;
  return asciiLower(s.substring(s.length - suffix.length)) == asciiLower(suffix);
}

export function containsIgnoreCase(s: string, needle: string): bool {
  return asciiLower(s).indexOf(asciiLower(needle)) >= 0;
}

/** True when every char of s in [from, to) is a digit and the range is non-empty. */
export function allDigits(s: string, from: i32, to: i32): bool {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Collapse runs of white space to one space and trim. */
export function collapseSpace(s: string): string {
  const parts: string[] = [];
  let cur = "";
  let inWord = false;
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    const sp = i == s.length || isSpace(s.charCodeAt(i));
    if (sp) {
      if (inWord) parts.push(s.substring(start, i));
      inWord = false;
    } else if (!inWord) {
      inWord = true;
      start = i;
    }
  }
  cur = parts.join(" ");
  return cur;
}
