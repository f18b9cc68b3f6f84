// SP-016 memory-retrieval evidence (ADR-007): the Session Start row "Read memory-index ... memories"
// must name real memories (kebab-case names) that exist in the memories directory. The memory
// names come from the host as the fact "memories" (one per line); "memories.dir" names the folder.
import { defineRule, msg, RuleDoc } from "../../rules";
import { SEV_ERROR, SEV_WARNING } from "../../abi";
import { SessionCtx } from "./context";
import { Input } from "../../io";
import { ChecklistRow } from "../../lib/mdtable";
import { MdLog, factOr } from "./md-log";
import { asciiLower, isAlnum, isAlpha } from "../../lib/text";

export const SP016 = defineRule("SP-016", SEV_ERROR);
function SP016_doc(): RuleDoc {
  return {
    id: "SP-016",
    validator: "session-log",
    title: "Memory evidence",
    description: "The memory-index row names existing memories.",
    messages: {
      memoryIndexEvidenceIs: "Memory-index Evidence is a placeholder: '{{ev}}'; list the memories read",
      memoryIndexEvidenceHas: "Memory-index Evidence has no valid memory names: '{{ev}}' (expected kebab-case names)",
      memoryNamesNotVerified: "Memory names not verified: the list of {{dir}} is unavailable",
      memoriesThatDonT: "Memories that don't exist: {{join}}. Check the names or create the memories in {{dir}}/.",
    },
  };
}

/** Kebab-case tokens (letter, alnum*, one or more -alnum+ groups), lower-cased, de-duplicated. */
export function memoryNames(ev: string): string[] {
  const out: string[] = [];
  const s = asciiLower(ev);
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    const prev = i > 0 ? s.charCodeAt(i - 1) : 32;
    if (!isAlpha(c) || isAlnum(prev) || prev == 95) { i++; continue; }
    let j = i + 1;
    while (j < n && isAlnum(s.charCodeAt(j))) j++;
    let groups = 0;
    while (j + 1 < n && s.charCodeAt(j) == 45 && isAlnum(s.charCodeAt(j + 1))) {
      j += 2;
      while (j < n && isAlnum(s.charCodeAt(j))) j++;
      groups++;
    }
    const endOk = j >= n || s.charCodeAt(j) != 95;
    if (groups > 0 && endOk) {
      const name = s.substring(i, j);
      if (!out.includes(name)) out.push(name);
    }
    i = j;
  }
  return out;
}

let memInput: Input | null = null;
let memNames: string[] | null = null;

/** The "memories" fact, lower-cased, parsed once per run. */
function knownMemories(input: Input): string[] | null {
  if (memInput !== input) {
    memInput = input;
    const k = input.factLines("memories");
    if (k !== null) for (let i = 0; i < k.length; i++) k[i] = asciiLower(k[i]);
    memNames = k;
  }
  return memNames;
}

function isPlaceholder(ev: string): bool {
  const t = ev.trim();
  if (t.length == 0 || asciiLower(t) == "list memories loaded") return true;
  if (t.startsWith("[") && t.endsWith("]")) return true;
  return t.replaceAll("-", "").length == 0;
}

export function checkMemory(ctx: SessionCtx, log: MdLog): void {
  let row: ChecklistRow | null = null;
  for (let i = 0; i < log.start.length && row === null; i++) {
    const st = asciiLower(log.start[i].step);
    const k = st.indexOf("memory-index");
    if (k >= 0 && st.indexOf("memories", k) > k) row = log.start[i];
  }
  if (row === null) return;
  const ev = row.evidence;
  if (isPlaceholder(ev)) {
    ctx.report(SP016, row.line, 0, msg("memoryIndexEvidenceIs").s("ev", ev));
    return;
  }
  const names = memoryNames(ev);
  if (names.length == 0) {
    ctx.report(SP016, row.line, 0, msg("memoryIndexEvidenceHas").s("ev", ev));
    return;
  }
  const dir = factOr(ctx.input, "memories.dir", ".serena/memories");
  const known = knownMemories(ctx.input);
  if (known === null) {
    ctx.reportAs(SP016, SEV_WARNING, row.line, 0, msg("memoryNamesNotVerified").s("dir", dir));
    return;
  }
  const missing: string[] = [];
  for (let i = 0; i < names.length; i++) if (!known.includes(names[i])) missing.push(names[i]);
  if (missing.length > 0) {
    ctx.report(SP016, row.line, 0, msg("memoriesThatDonT").s("join", missing.join(", ")).s("dir", dir));
  }
}
