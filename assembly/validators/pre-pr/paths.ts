// The byte scanners of the pre-pr family "path" (PATH-01): code spans, URLs and columns on the raw
// UTF-8 bytes (no string decoding: documentation trees are large).

@inline export function at(p: usize, i: i32): i32 {
  return <i32>load<u8>(p + <usize>i);
}


export function startsAt(p: usize, i: i32, end: i32, s: string): bool {
  if (i + s.length > end) return false;
  for (let k = 0; k < s.length; k++) if (at(p, i + k) != s.charCodeAt(k)) return false;
  return true;
}

/** True when byte `pos` of the line [a, b) is inside an inline code span. */
export function inCode(p: usize, a: i32, b: i32, pos: i32): bool {
  let j = a;
  while (j < b && j < pos) {
    if (at(p, j) != 96) {
      j++;
      continue;
    }
    let n = 0;
    while (j + n < b && at(p, j + n) == 96) n++;
    // closing run of the same length or longer (first n backticks close)
    let k = j + n;
    let close = -1;
    while (k + n <= b) {
      let m = 0;
      while (m < n && at(p, k + m) == 96) m++;
      if (m == n) {
        close = k;
        break;
      }
      k++;
    }
    if (close < 0) return false;
    if (pos >= j && pos < close + n) return true;
    j = close + n;
  }
  return false;
}

export function inUrl(p: usize, a: i32, pos: i32): bool {
  let s = pos;
  while (s > a) {
    const c = at(p, s - 1);
    if (c == 32 || c == 9 || c == 40 || c == 60 || c == 34 || c == 39) break;
    s--;
  }
  if (s + 1 < pos && at(p, s) == 47 && at(p, s + 1) == 47) return true;
  for (let i = s; i + 2 < pos + 1; i++) if (at(p, i) == 58 && at(p, i + 1) == 47 && at(p, i + 2) == 47) return true;
  return false;
}

export function column(p: usize, a: i32, pos: i32): i32 {
  let col = 1;
  for (let i = a; i < pos; i++) if ((at(p, i) & 0xc0) != 0x80) col++;
  return col;
}

