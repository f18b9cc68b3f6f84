// Imported names a module never uses, in assembly/ (the AssemblyScript compiler does not report
// them; src/ has tsc's noUnusedLocals). Syntactic: a name counts as used when any identifier outside
// the import declarations spells it (types, decorators and values alike).
//   node scripts/unused-imports.mjs          lists them ("file: name"), exit 1 when there are any
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..");

function files(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out.sort();
}

/** `file: name` for every imported name the file never uses. */
export function unusedImports(dir = join(ROOT, "assembly")) {
  const found = [];
  for (const file of files(dir)) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const imported = [];
    const used = new Set();
    const visit = (node) => {
      if (ts.isImportDeclaration(node)) {
        const b = node.importClause;
        if (b?.name) imported.push(b.name.text);
        if (b?.namedBindings && ts.isNamedImports(b.namedBindings)) for (const s of b.namedBindings.elements) imported.push(s.name.text);
        if (b?.namedBindings && ts.isNamespaceImport(b.namedBindings)) imported.push(b.namedBindings.name.text);
        return;
      }
      if (ts.isIdentifier(node)) used.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const name of imported) if (!used.has(name)) found.push(`${relative(ROOT, file).split("\\").join("/")}: ${name}`);
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = unusedImports();
  for (const f of found) console.log(f);
  process.exit(found.length > 0 ? 1 : 0);
}
