// Entry parsing of a domain index (spec §5.1), with the low-risk fixes: CRLF/CR and a leading BOM
// are normalised by Doc.lines(); the `Keywords` header matches in any case; GFM delimiter cells
// (`:---`, `---:`) are separator rows.
import { Doc } from "../../io";
import { twoCells, pyStrip, pySplit, isDelimCell, linkedName } from "../../lib/mdrow";
import { pyLower } from "../../lib/pylower";
import { Entry } from "./ctx";

export function parseEntries(doc: Doc): Entry[] {
  const out: Entry[] = [];
  const lines = doc.lines();
  for (let i = 0; i < lines.length; i++) {
    const cells = twoCells(lines[i]);
    if (cells === null) continue;
    const kw = pyStrip(cells[0]);
    const file = pyStrip(cells[1]);
    // pyLower keeps the length but for U+0130 (one more unit, and not ASCII): only an 8-unit cell
    // can lower to "keywords", and the other rows' cells are not lowered (a copy per row with a capital)
    if (kw.length == 8 && pyLower(kw) == "keywords") continue;
    if (isDelimCell(kw) || isDelimCell(file)) continue;
    out.push(new Entry(linkedName(file), pySplit(kw), i + 1));
  }
  return out;
}
