// Helpers of the session-object rules (SP-106 clock, SP-115 file-name number); the rules are SP-104.ts,
// SP-105.ts, SP-106.ts and SP-115.ts.
import { isDigit, twoDigits, zeroPad } from "../../../lib/text";
import { isDate } from "./schema";
import { sessionNamePrefix } from "../paths";


/** Number in a file name YYYY-MM-DD-session-<digits>(-...|end).json, or "" when there is none. */
export function fileNumber(base: string): string {
  let stem = base;
  const dot = stem.lastIndexOf(".");
  if (dot > 0) stem = stem.substring(0, dot);
  const end = sessionNamePrefix(stem);
  if (end < 0) return "";
  if (end < stem.length && stem.charCodeAt(end) != 45) return "";
  let start = end;
  while (start > 0 && isDigit(stem.charCodeAt(start - 1))) start--;
  return stripZeros(stem.substring(start, end));
}

export function stripZeros(s: string): string {
  let i = 0;
  while (i < s.length - 1 && s.charCodeAt(i) == 48) i++;
  return s.substring(i);
}

// ---- clock: latest calendar date on earth (UTC+14) ----

function daysFromCivil(y: i64, m: i64, d: i64): i64 {
  const yy = m <= 2 ? y - 1 : y;
  const era = (yy >= 0 ? yy : yy - 399) / 400;
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = (153 * mp + 2) / 5 + d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

function civil(z0: i64): string {
  const z = z0 + 719468;
  const era = (z >= 0 ? z : z - 146096) / 146097;
  const doe = z - era * 146097;
  const yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const mp = (5 * doy + 2) / 153;
  const d = doy - (153 * mp + 2) / 5 + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return zeroPad(y, 4) + "-" + zeroPad(m, 2) + "-" + zeroPad(d, 2);
}

/** The date at UTC+14 for an ISO 8601 time (YYYY-MM-DDTHH:MM[:SS[.f]][Z|±HH:MM]); "" if unparsable. */
export function latestDate(now: string): string {
  if (now.length < 16 || !isDate(now.substring(0, 10))) return "";
  const t = now.charCodeAt(10);
  if (t != 84 && t != 116 && t != 32) return "";
  const h = twoDigits(now, 11);
  const mi = twoDigits(now, 14);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || now.charCodeAt(13) != 58) return "";
  let off: i64 = 0;
  // offset: last "+hh:mm" / "-hh:mm" after the time part, Z or nothing = UTC
  let k = now.length - 6;
  if (k > 16) {
    const sg = now.charCodeAt(k);
    if ((sg == 43 || sg == 45) && now.charCodeAt(k + 3) == 58) {
      const oh = twoDigits(now, k + 1);
      const om = twoDigits(now, k + 4);
      if (oh < 0 || om < 0) return "";
      off = <i64>(oh * 60 + om) * (sg == 45 ? -1 : 1);
    }
  }
  const y = <i64>((now.charCodeAt(0) - 48) * 1000 + (now.charCodeAt(1) - 48) * 100 + twoDigits(now, 2));
  const days = daysFromCivil(y, <i64>twoDigits(now, 5), <i64>twoDigits(now, 8));
  const minutes = days * 1440 + <i64>(h * 60 + mi) - off + 14 * 60;
  const d = minutes >= 0 ? minutes / 1440 : (minutes - 1439) / 1440;
  return civil(d);
}
