// PP-006: absolute machine paths in documentation (PATH). Fenced blocks (closed by the same fence
// character) and inline code spans are ignored; matches inside URLs are not paths.
// Works on the raw UTF-8 bytes (no string decoding): documentation trees are large.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { Doc, Input, Results } from "../../io";

export const PATH01 = defineRule("PATH-01", SEV_ERROR);
function PATH01_doc(): RuleDoc {
  return {
    id: "PATH-01",
    validator: "pre-pr",
    title: "Absolute path",
    description: "Machine paths in docs.",
    messages: {
      absolutePath: "Absolute path {{fromCharCode}}:\\",
      absolutePathUsers: "Absolute path /Users/",
      absolutePathHome: "Absolute path /home/",
    },
  };
}

export const ROLE_PATH_SCAN: i32 = 4;

@inline function at(p: usize, i: i32): i32 {
  return <i32>load<u8>(p + <usize>i);
}

function alpha(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function startsAt(p: usize, i: i32, end: i32, s: string): bool {
  if (i + s.length > end) return false;
  for (let k = 0; k < s.length; k++) if (at(p, i + k) != s.charCodeAt(k)) return false;
  return true;
}

/** True when byte `pos` of the line [a, b) is inside an inline code span. */
function inCode(p: usize, a: i32, b: i32, pos: i32): bool {
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

function inUrl(p: usize, a: i32, pos: i32): bool {
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

function column(p: usize, a: i32, pos: i32): i32 {
  let col = 1;
  for (let i = a; i < pos; i++) if ((at(p, i) & 0xc0) != 0x80) col++;
  return col;
}

export function checkPaths(input: Input, results: Results, docs: Doc[]): void {
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
          if (c == 58 && !drive && i > a && i + 1 < b && at(p, i + 1) == 92 && alpha(at(p, i - 1)) && (i - 1 == a || !alpha(at(p, i - 2)))) {
            if (!inCode(p, a, b, i)) {
              drive = true;
              results.report(PATH01, doc, lineNo, column(p, a, i - 1), msg("absolutePath").s("fromCharCode", String.fromCharCode(at(p, i - 1))));
            }
          } else if (c == 47 && i + 1 < b && (at(p, i + 1) == 85 || at(p, i + 1) == 104)) {
            if (!users && startsAt(p, i, b, "/Users/") && !inCode(p, a, b, i) && !inUrl(p, a, i)) {
              users = true;
              results.report(PATH01, doc, lineNo, column(p, a, i), msg("absolutePathUsers"));
            } else if (!home && startsAt(p, i, b, "/home/") && !inCode(p, a, b, i) && !inUrl(p, a, i)) {
              home = true;
              results.report(PATH01, doc, lineNo, column(p, a, i), msg("absolutePathHome"));
            }
          }
        }
      }
      a = next;
    }
  }
}
