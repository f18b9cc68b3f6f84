// "Did you mean": the closest known name to a mistyped one (Levenshtein distance), for configuration
// keys, rule ids, check ids, commands and enumerated option values.

export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[n];
}

/** The closest candidate (case-insensitive) within a distance that still looks like a typo, else undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  const limit = Math.max(1, Math.floor(Math.max(word.length, 3) / 3));
  return bestD <= limit ? best : undefined;
}

/** " (did you mean X?)" or "". */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const c = closest(word, candidates);
  return c ? ` (did you mean ${c}?)` : "";
}
