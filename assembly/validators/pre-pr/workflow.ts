// PP-009 / PP-010: GitHub Actions SHA pinning (PIN) and workflow structure (WFS), on a line
// scanner that knows block scalars, list items and indentation (enough for workflow files).
import { decodeList } from "../../lib/list";
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { Doc, Input, Results } from "../../io";
import { isLowerHex } from "../../lib/text";
import { indentOf, trim, unquote, stripComment, keyColon, isBlockIndicator } from "./util";
import { checkContent } from "../common";
import { checkWFS06 } from "./WFS-06";

export const PIN01 = defineRule("PIN-01", SEV_ERROR);
function PIN01_doc(): RuleDoc {
  return {
    id: "PIN-01",
    validator: "pre-pr",
    title: "Action not pinned",
    description: "@<40-hex SHA> refs.",
    messages: {
      uses: "uses: {{v}}{{detail}}",
    },
  };
}
export const WFS01 = defineRule("WFS-01", SEV_ERROR);
function WFS01_doc(): RuleDoc {
  return {
    id: "WFS-01",
    validator: "pre-pr",
    title: "Invalid YAML",
    description: "Parse error.",
    messages: {
      message: "{{substring}}",
    },
  };
}
export const WFS02 = defineRule("WFS-02", SEV_ERROR);
function WFS02_doc(): RuleDoc {
  return {
    id: "WFS-02",
    validator: "pre-pr",
    title: "Workflow shape",
    description: "name, on, jobs.",
    messages: {
      onlyCommentsNeedA: "Only comments; need a mapping",
      topLevelIsNot: "Top level is not a mapping",
      noName: "No name:",
      noOn: "No on:",
      noJobs: "No jobs:",
      jobsIsNotA: "jobs is not a mapping",
      jobsIsEmpty: "jobs is empty",
    },
  };
}
export const WFS07 = defineRule("WFS-07", SEV_ERROR);
function WFS07_doc(): RuleDoc {
  return {
    id: "WFS-07",
    validator: "pre-pr",
    title: "Bad concurrency",
    description: "String or group.",
    messages: {
      concurrencyIsEmpty: "concurrency is empty",
      concurrencyNoGroup: "concurrency: no group",
      concurrencyIsAList: "concurrency is a list",
    },
  };
}
export const WFS08 = defineRule("WFS-08", SEV_WARNING);
function WFS08_doc(): RuleDoc {
  return {
    id: "WFS-08",
    validator: "pre-pr",
    title: "No permissions",
    description: "Top and per job.",
    messages: {
      noPermissions: "No permissions:",
      noPermissions2: "{{key}}: no permissions",
    },
  };
}

export const ROLE_WORKFLOW: i32 = 1;
export const ROLE_ACTION: i32 = 2;

class Line {
  constructor(public no: i32, public indent: i32, public key: string, public value: string, public item: bool) {}
}

/** Significant lines (blank, comment and block-scalar content lines dropped). */
function scan(doc: Doc): Line[] {
  const ls = doc.lines();
  const out: Line[] = [];
  let blockIndent: i32 = -1;
  for (let i = 0; i < ls.length; i++) {
    const raw = ls[i];
    const t = trim(raw);
    let ind = indentOf(raw);
    if (blockIndent >= 0) {
      if (t.length == 0 || ind > blockIndent) continue;
      blockIndent = -1;
    }
    if (t.length == 0 || t.charCodeAt(0) == 35) continue;
    let c = raw.substring(ind);
    let item = false;
    if (c == "-" || c.startsWith("- ")) {
      item = true;
      const rest = c.substring(1);
      const k = indentOf(rest);
      ind = ind + 1 + k;
      c = rest.substring(k);
    }
    const p = keyColon(c);
    let key = "";
    let value = trim(c);
    if (p >= 0) {
      key = unquote(trim(c.substring(0, p)));
      value = stripComment(c.substring(p + 1));
    }
    out.push(new Line(i + 1, ind, key, value, item));
    if (p >= 0 && isBlockIndicator(value)) blockIndent = ind;
  }
  return out;
}

function checkUses(doc: Doc, ln: Line, results: Results): void {
  const v = unquote(ln.value);
  if (v.length == 0 || v.startsWith("./") || v.startsWith("docker://")) return;
  const at = v.lastIndexOf("@");
  const ref = at >= 0 ? v.substring(at + 1) : "";
  let ok = ref.length == 40;
  for (let i = 0; ok && i < 40; i++) if (!isLowerHex(ref.charCodeAt(i))) ok = false;
  if (!ok) {
    results.report(PIN01, doc, ln.no, ln.indent + 1,
      msg("uses").s("v", v).s("detail", (at < 0 ? ": no @ref" : ": not a 40-hex SHA")));
  }
}

export function checkPinning(input: Input, results: Results, docs: Doc[]): void {
  for (let d = 0; d < docs.length; d++) {
    const lines = scan(docs[d]);
    for (let i = 0; i < lines.length; i++) if (lines[i].key == "uses") checkUses(docs[d], lines[i], results);
  }
}

function yamlError(input: Input, name: string): string | null {
  const ls = input.factLines("yaml-errors");
  if (ls === null) return null;
  // each entry: an encoded list [file, line, message] (lib/list.ts), so any file name round-trips
  for (let i = 0; i < ls.length; i++) {
    const e = decodeList(ls[i]);
    if (e.length >= 3 && e[0] == name) return e[1] + "\t" + e[2];
  }
  return null;
}

function lineOf(err: string): i32 {
  // "<line>\t<message>"
  const tab = err.indexOf("\t");
  let n: i32 = 0;
  for (let i = 0; i < tab; i++) n = n * 10 + (err.charCodeAt(i) - 48);
  return n < 0 ? 0 : n;
}

export function checkStructure(input: Input, results: Results, docs: Doc[]): void {
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d];
    if (!checkContent(doc, results)) continue; // empty or binary: AC-001 / AC-002
    const err = yamlError(input, doc.name);
    if (err !== null) {
      results.report(WFS01, doc, lineOf(err), 0, msg("message").s("substring", err.substring(err.indexOf("\t") + 1)));
      continue;
    }
    const lines = scan(doc);
    let first: Line | null = null;
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].value == "---" && lines[i].key.length == 0) continue;
      first = lines[i];
      break;
    }
    if (first === null) {
      results.report(WFS02, doc, 0, 0, msg("onlyCommentsNeedA"));
      continue;
    }
    if (first.item || first.key.length == 0 || first.indent != 0) {
      results.report(WFS02, doc, first.no, 0, msg("topLevelIsNot"));
      continue;
    }
    if (doc.flags != ROLE_WORKFLOW) continue;
    let hasName = false, hasOn = false, jobsLine: i32 = -1, permsTop = false;
    let significant = 0;
    const ls = doc.lines();
    for (let i = 0; i < ls.length; i++) {
      const t = trim(ls[i]);
      if (t.length > 0 && t.charCodeAt(0) != 35) significant++;
    }
    for (let i = 0; i < lines.length; i++) {
      const ln = lines[i];
      if (ln.indent != 0 || ln.item) continue;
      if (ln.key == "name" && ln.value.length > 0) hasName = true;
      else if (ln.key == "on" || ln.key == "true") hasOn = true;
      else if (ln.key == "jobs") jobsLine = i;
      else if (ln.key == "permissions") permsTop = true;
      else if (ln.key == "concurrency") {
        const v = ln.value;
        if (v.length == 0) {
          let group = false, child = false;
          for (let j = i + 1; j < lines.length && lines[j].indent > 0; j++) {
            child = true;
            if (lines[j].key == "group") group = true;
          }
          if (!child) results.report(WFS07, doc, ln.no, 1, msg("concurrencyIsEmpty"));
          else if (!group) results.reportAs(WFS07, SEV_WARNING, doc, ln.no, 1, msg("concurrencyNoGroup"));
        } else if (v.startsWith("[")) {
          results.report(WFS07, doc, ln.no, 1, msg("concurrencyIsAList"));
        } else if (v.startsWith("{") && v.indexOf("group") < 0) {
          results.reportAs(WFS07, SEV_WARNING, doc, ln.no, 1, msg("concurrencyNoGroup"));
        }
      }
    }
    if (!hasName) results.report(WFS02, doc, 0, 0, msg("noName"));
    if (!hasOn) results.report(WFS02, doc, 0, 0, msg("noOn"));
    checkWFS06(input, results, doc, significant);
    if (jobsLine < 0) {
      results.report(WFS02, doc, 0, 0, msg("noJobs"));
      continue;
    }
    const jl = lines[jobsLine];
    if (jl.value.length > 0 && jl.value != "{}") {
      results.report(WFS02, doc, jl.no, 1, msg("jobsIsNotA"));
      continue;
    }
    // job ids: the first indentation level below jobs
    let jobIndent: i32 = -1;
    let jobs = 0;
    let curJob: Line | null = null;
    let curPerms = false;
    if (!permsTop) results.report(WFS08, doc, 0, 0, msg("noPermissions"));
    for (let i = jobsLine + 1; i <= lines.length; i++) {
      const end = i == lines.length || lines[i].indent == 0;
      const ln: Line | null = end ? null : lines[i];
      if (ln !== null && jobIndent < 0) jobIndent = ln.indent;
      const isJob = ln !== null && ln.indent == jobIndent && !ln.item && ln.key.length > 0;
      if ((end || isJob) && curJob !== null) {
        if (!permsTop && !curPerms) results.report(WFS08, doc, curJob.no, curJob.indent + 1, msg("noPermissions2").s("key", curJob.key));
      }
      if (end) break;
      if (isJob) {
        curJob = ln;
        curPerms = false;
        jobs++;
      } else if (ln !== null && curJob !== null && ln.key == "permissions" && !ln.item) {
        curPerms = true;
      }
    }
    if (jobs == 0) results.report(WFS02, doc, jl.no, 1, msg("jobsIsEmpty"));
  }
}
