// Instant of an RFC 3339 date-time (already format-checked) in ms since 1970, offsets applied.
function num(s: string, a: i32, b: i32): i32 {
  let n = 0;
  for (let i = a; i < b; i++) n = n * 10 + (s.charCodeAt(i) - 48);
  return n;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function days(y0: i32, m: i32, d: i32): f64 {
  const y = m <= 2 ? y0 - 1 : y0;
  const era = (y >= 0 ? y : y - 399) / 400;
  const yoe = y - era * 400;
  const doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return <f64>(era * 146097 + doe - 719468);
}

export function epochMs(s: string): f64 {
  let ms = days(num(s, 0, 4), num(s, 5, 7), num(s, 8, 10)) * 86400000.0 +
    <f64>(num(s, 11, 13) * 3600 + num(s, 14, 16) * 60 + num(s, 17, 19)) * 1000.0;
  let i = 19;
  if (s.charCodeAt(i) == 46) {
    i++;
    let scale: f64 = 100;
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) {
      ms += <f64>(s.charCodeAt(i) - 48) * scale;
      scale /= 10;
      i++;
    }
  }
  const z = s.charCodeAt(i);
  if (z == 43 || z == 45) {
    const off = <f64>(num(s, i + 1, i + 3) * 60 + num(s, i + 4, i + 6)) * 60000.0;
    ms = z == 43 ? ms - off : ms + off;
  }
  return ms;
}
