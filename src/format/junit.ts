// JUnit XML: one <testsuite> per validator, one <testcase> per finding (classname = file,
// name = rule id and position), errors as <failure>. A file without findings is one passing
// testcase, a skipped file a <skipped> testcase, and an empty report still has one (skipped)
// testcase; a run failed by --max-warnings has one failing testcase "max-warnings".
import { modeNote } from "./mode-note.js";
import { warningLimitExceeded, type FileResult, type Report } from "../report.js";

/** XML attribute/text escaping; characters XML 1.0 cannot carry are replaced. */
export function xml(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Attribute value: line breaks as character references so XML parsers keep them. */
export function xmlAttr(s: string): string {
  return xml(s).replace(/\r/g, "&#13;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}

function pos(line: number, column: number): string {
  return line > 0 ? `${line}:${column > 0 ? column : 1}` : "file";
}

function cases(r: FileResult): { xml: string; failure: boolean; skipped: boolean }[] {
  const out: { xml: string; failure: boolean; skipped: boolean }[] = [];
  const cls = xmlAttr(r.file);
  for (const f of r.findings) {
    const name = xmlAttr(`${f.ruleId} ${pos(f.line, f.column)}`);
    if (f.severity === "error") {
      const note = modeNote(r);
      const body = xml(`${f.file}:${pos(f.line, f.column)} ${f.ruleId} ${f.message}${note ? ` (${note})` : ""}`);
      out.push({
        xml: `    <testcase classname="${cls}" name="${name}" time="0">\n      <failure message="${xmlAttr(f.message)}" type="${xmlAttr(f.ruleId)}">${body}</failure>\n    </testcase>`,
        failure: true,
        skipped: false,
      });
    } else {
      out.push({
        xml: `    <testcase classname="${cls}" name="${name}" time="0">\n      <system-out>${xml(`${f.severity}: ${f.message}`)}</system-out>\n    </testcase>`,
        failure: false,
        skipped: false,
      });
    }
  }
  if (r.verdict === "skip") {
    out.push({
      xml: `    <testcase classname="${cls}" name="skipped" time="0">\n      <skipped message="${xmlAttr(r.reason ?? "skipped")}"/>\n    </testcase>`,
      failure: false,
      skipped: true,
    });
  } else if (r.findings.length === 0) {
    const note = modeNote(r);
    out.push({
      xml: note
        ? `    <testcase classname="${cls}" name="${r.verdict}" time="0">\n      <system-out>${xml(note)}</system-out>\n    </testcase>`
        : `    <testcase classname="${cls}" name="${r.verdict}" time="0"/>`,
      failure: false,
      skipped: false,
    });
  }
  return out;
}

export function formatJunit(report: Report, opts: { maxWarnings?: number } = {}): string {
  return [...formatJunitChunks(report, opts)].join("");
}

/** How many testcases of each kind a result gives (what cases() makes, without making it). */
function caseCounts(r: FileResult): { tests: number; failures: number; skipped: number } {
  let failures = 0;
  for (const f of r.findings) if (f.severity === "error") failures++;
  const extra = r.verdict === "skip" || r.findings.length === 0 ? 1 : 0;
  return { tests: r.findings.length + extra, failures, skipped: r.verdict === "skip" ? 1 : 0 };
}

/**
 * formatJunit's document in pieces: the counts are taken first (one pass, no text), then each
 * suite's testcases are written a result at a time, so no piece holds more than one file's cases.
 */
export function* formatJunitChunks(report: Report, opts: { maxWarnings?: number } = {}): Generator<string> {
  const byValidator = new Map<string, FileResult[]>();
  for (const r of report.results) {
    const list = byValidator.get(r.validator) ?? [];
    list.push(r);
    byValidator.set(r.validator, list);
  }
  const time = (report.summary.durationMs / 1000).toFixed(3);
  const names = [...byValidator.keys()].sort();
  const suiteCounts = names.map((name) => {
    const c = { tests: 0, failures: 0, skipped: 0 };
    for (const r of byValidator.get(name)!) {
      const k = caseCounts(r);
      c.tests += k.tests;
      c.failures += k.failures;
      c.skipped += k.skipped;
    }
    return c;
  });
  let tests = suiteCounts.reduce((n, c) => n + c.tests, 0);
  let failures = suiteCounts.reduce((n, c) => n + c.failures, 0);
  let skipped = suiteCounts.reduce((n, c) => n + c.skipped, 0);
  const over = warningLimitExceeded(report, opts.maxWarnings);
  if (names.length === 0) {
    tests = 1;
    skipped = 1;
  }
  if (over) {
    tests++;
    failures++;
  }
  yield `<?xml version="1.0" encoding="UTF-8"?>\n` + `<testsuites name="agentcheck" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}">\n`;
  let first = true;
  const sep = () => {
    const s = first ? "" : "\n";
    first = false;
    return s;
  };
  for (let i = 0; i < names.length; i++) {
    const c = suiteCounts[i];
    yield `${sep()}  <testsuite name="${xmlAttr(`agentcheck.${names[i]}`)}" tests="${c.tests}" failures="${c.failures}" errors="0" skipped="${c.skipped}" time="0">\n`;
    let firstCase = true;
    for (const r of byValidator.get(names[i])!) {
      const cs = cases(r);
      if (cs.length === 0) continue;
      yield (firstCase ? "" : "\n") + cs.map((x) => x.xml).join("\n");
      firstCase = false;
    }
    yield `\n  </testsuite>`;
  }
  if (names.length === 0) {
    // nothing was checked: a skipped testcase, never a passing one
    yield sep() +
      `  <testsuite name="agentcheck" tests="1" failures="0" errors="0" skipped="1" time="0">\n` +
      `    <testcase classname="agentcheck" name="no files checked" time="0">\n      <skipped message="no files checked"/>\n    </testcase>\n  </testsuite>`;
  }
  if (over) {
    // --max-warnings failed the run (exit 1): one failing testcase says so
    const w = report.summary.warnings;
    const msg = xmlAttr(`${w} warning${w === 1 ? "" : "s"}, more than --max-warnings ${opts.maxWarnings}`);
    yield sep() +
      `  <testsuite name="agentcheck.max-warnings" tests="1" failures="1" errors="0" skipped="0" time="0">\n` +
      `    <testcase classname="agentcheck" name="max-warnings" time="0">\n      <failure message="${msg}" type="max-warnings">${msg}</failure>\n    </testcase>\n  </testsuite>`;
  }
  yield `\n</testsuites>\n`;
}
