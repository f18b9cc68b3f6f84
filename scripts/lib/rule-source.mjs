// Reads the rule declarations of the AssemblyScript core (assembly/**/*.ts) with the TypeScript
// parser: `export const X = defineRule("ID", SEV_*)` and the never-compiled doc functions
// `function X_doc(): RuleDoc { return { ... }; }`, plus each validator's `RULES` list.
// Shared by scripts/gen-rules.mjs (build) and scripts/migrate-rules.mjs (migration tool).
import ts from "typescript";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export function listSources(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "generated") out.push(...listSources(p));
    } else if (name.endsWith(".ts")) out.push(p);
  }
  return out;
}

export function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** Evaluates a literal expression (strings, numbers, booleans, arrays, objects, string concatenation). */
export function literal(node, where, consts = new Map()) {
  if (ts.isIdentifier(node) && consts.has(node.text)) return consts.get(node.text);
  if (ts.isParenthesizedExpression(node)) return literal(node.expression, where, consts);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) return -literal(node.operand, where);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return literal(node.left, where) + literal(node.right, where);
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => literal(e, where));
  if (ts.isObjectLiteralExpression(node)) {
    const o = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p)) throw new Error(`${where}: only plain properties are allowed in a rule doc`);
      const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : p.name.getText();
      o[key] = literal(p.initializer, where);
    }
    return o;
  }
  throw new Error(`${where}: not a literal: ${node.getText()}`);
}

const SEVERITY = { SEV_ERROR: "error", SEV_WARNING: "warning", SEV_INFO: "info" };

/**
 * All rule declarations: { name, id, severity, file, decl (node), doc (object|undefined), docNode, legacy }.
 * `legacy` declarations still use defineRule(id, validator, severity, title, description).
 */
export function readRules(root) {
  const rules = [];
  const lists = [];
  for (const file of listSources(join(root, "assembly"))) {
    const sf = parse(file);
    const rel = relative(root, file).replace(/\\/g, "/");
    const docs = new Map();
    /** file-level string constants (const V = "aibrain") usable in declarations */
    const consts = new Map();
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && ts.isStringLiteral(d.initializer)) consts.set(d.name.text, d.initializer.text);
      }
    }
    for (const st of sf.statements) {
      if (ts.isFunctionDeclaration(st) && st.name && st.name.text.endsWith("_doc")) {
        const ret = st.body?.statements.find((s) => ts.isReturnStatement(s));
        if (!ret || !ret.expression) throw new Error(`${rel}: ${st.name.text} must return an object literal`);
        docs.set(st.name.text.slice(0, -4), { node: st, value: literal(ret.expression, `${rel} ${st.name.text}`) });
      }
    }
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (!init || !ts.isIdentifier(d.name)) continue;
        if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "defineRule") {
          const a = init.arguments;
          const name = d.name.text;
          const sevArg = a.length === 5 ? a[2] : a[1];
          const severity = SEVERITY[sevArg.getText()];
          if (!severity) throw new Error(`${rel}: ${name}: severity must be SEV_ERROR, SEV_WARNING or SEV_INFO`);
          const doc = docs.get(name);
          rules.push({
            name, file: rel, statement: st, sf, id: literal(a[0], rel), severity,
            legacy: a.length === 5 ? { validator: literal(a[1], rel, consts), title: literal(a[3], rel, consts), description: literal(a[4], rel, consts) } : undefined,
            doc: doc?.value, docNode: doc?.node,
          });
        }
        if (d.name.text === "RULES" && ts.isArrayLiteralExpression(init)) {
          lists.push({ file: rel, names: init.elements.map((e) => e.getText()) });
        }
      }
    }
  }
  return { rules, lists };
}
