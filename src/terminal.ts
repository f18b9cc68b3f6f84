// Text from the repository as a terminal shows it: the one escaping of every text output (reports,
// listings, messages). No imports: stdio.ts (on every command's start path) uses it.

/**
 * What a terminal may act on instead of showing: C0 controls (tab aside), DEL, C1 controls, and the
 * bidirectional formatting characters (LRM/RLM/ALM, embeddings, overrides and isolates) that reorder
 * what follows them on the line ("Trojan Source").
 */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, "g");
/** The same, line feeds aside: a whole multi-line text keeps its lines. */
const CONTROLS_BUT_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function picture(ch: string): string {
  const c = ch.charCodeAt(0);
  return c < 0x20 ? String.fromCharCode(0x2400 + c) : c === 0x7f ? "\u2421" : "\ufffd";
}

/**
 * Text from the repository (messages quoting it, file names, tool output) as the terminal shows it:
 * each control character becomes its visible Unicode Control Picture (ESC as ␛, DEL as ␡; a C1 control
 * or a bidi control as U+FFFD), so a hostile file cannot colour, move the cursor over, erase, retitle
 * or reorder the lines of a report. Text without them is returned as it is. JSON, SARIF and JUnit
 * escape in their own syntax.
 */
export function terminalSafe(s: string): string {
  if (!CONTROL.test(s)) return s;
  return s.replace(CONTROLS, picture);
}

/** A message of the repository's text as one terminal-safe line (line breaks read as spaces). */
export function terminalLine(s: string): string {
  return terminalSafe(s.replace(/\r?\n/g, " "));
}

/** A whole text output (a listing, a rendered document, a message): terminalSafe, line feeds kept. */
export function terminalText(s: string): string {
  if (!CONTROL.test(s)) return s;
  return s.replace(CONTROLS_BUT_LF, picture);
}

/** DEL, C1 controls and bidi controls, which JSON.stringify leaves as they are. */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const RAWS_IN_JSON = new RegExp(RAW_IN_JSON.source, "g");

/**
 * Standard output's last line of defence (stdio.writeOut): the DEL, C1 and bidi controls JSON.stringify
 * writes raw become `\uXXXX` escapes — in a JSON document the same string, in any other text a
 * visible sequence. Text outputs escape everything with terminalText before this.
 */
export function escapeRawControls(s: string): string {
  if (!RAW_IN_JSON.test(s)) return s;
  return s.replace(RAWS_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
