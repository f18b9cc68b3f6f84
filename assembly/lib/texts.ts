// English text fragments that are data values (the JSON parser's error descriptions, the JSON-schema
// layer's detail texts and the texts built from them), kept out of the module like message templates.
//
// The source writes `txt("Expecting value")`; the build (scripts/asc-size.mjs) rewrites each call to
// `txtCode(n)`, n being the text's index in the sorted list of every txt() literal in assembly/
// (scripts/lib/texts-source.mjs writes it to build/texts.json for the transform and to
// src/wasm/generated/texts.ts for the host). In the module the text is then the token
// "\u0002<n>\u0003", which can be concatenated with other text like the English it stands for; the host
// replaces every token in the values it reads from the result (src/wasm/instance.ts expandTexts), so
// users see the same English. Unbuilt (no transform), txt() is the text itself.
//
// U+0002, not U+0001: that one starts an encodeList() payload. A token must not go into an
// encodeList() item, whose length prefix would then not match the English. A message value longer
// than MESSAGE_MAX is cut by the core (excerpt), except one holding a token: the host cuts that one
// the same way after putting the English back, so the cut falls where it would in the English.

/** An English fragment (a string literal, or `c ? "a" : "b"` of two); see the file comment. */
export function txt(s: string): string {
  return s;
}

/** Tokens made so far, by text number ("" not yet made): a text reported again allocates nothing. */
const tokens: string[] = [];

/** txt() as built: the token of text number n. Global: the rewritten calls do not import it. */
// @ts-ignore: decorator
@global export function txtCode(n: i32): string {
  while (tokens.length <= n) tokens.push("");
  let t = unchecked(tokens[n]);
  if (t.length == 0) {
    t = "\u0002" + n.toString() + "\u0003";
    unchecked((tokens[n] = t));
  }
  return t;
}

/** Whether a value holds a txt() token (only built modules make them). */
export function hasTextToken(s: string): bool {
  return s.indexOf("\u0002") >= 0;
}
