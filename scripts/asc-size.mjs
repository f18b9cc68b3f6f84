// AssemblyScript compiler transform (`asc ... --transform ./scripts/asc-size.mjs`, see
// scripts/build-code.mjs): keeps text the host already has out of the module. Four rewrites:
//
// 1. Message ids become numbers. A rule reports `msg("missingSessionEndHeader")`; the module would
//    carry each id as a UTF-16 string (214 ids, 12 KB). After parsing, every `msg("<id>")` (or
//    `msg(cond ? "<a>" : "<b>")`) in assembly/ is rewritten to `msgCode(<n>)`, n being the id's
//    index in the sorted list of every rule's message ids that scripts/gen-rules.mjs writes
//    (build/message-ids.json for this transform, src/wasm/generated/message-ids.ts for the host,
//    which maps the number back in src/wasm/instance.ts). An id that no rule declares fails the build.
// 2. Rule ids are put together at start: `defineRule("SP-001", ...)` becomes
//    `defineRuleN("SP-", 1, 3, ...)` (assembly/rules.ts), so the module carries 19 id prefixes instead
//    of 168 id strings (5 KB).
// 3. Abort sites pass no source path (release target only). AssemblyScript compiles every abort site
//    (assert, `throw`, the standard library's range and null checks) to `abort(message, file, line,
//    column)` and stores each file's path as a UTF-16 string (48 paths, 4.5 KB). This passes 0 (no
//    file) instead; the message, line and column still reach the host, which turns any abort into an
//    internal error (AC-902, exit 2; src/wasm/instance.ts, src/engine.ts). The debug target keeps the
//    paths, so an abort seen in a release run can be located with a debug build of the same source.
// 4. English fragments become numbers. The JSON parser's error descriptions, the JSON-schema layer's
//    detail texts and the texts built from them are written `txt("Expecting value")`
//    (assembly/lib/texts.ts); each call becomes `txtCode(n)`, n being the text's index in the sorted
//    list scripts/gen-rules.mjs writes (build/texts.json here, src/wasm/generated/texts.ts for the
//    host, which puts the English back into result values). A text missing from the list fails the build.
// 5. Not a size rewrite: one more inlining pass after -O3 --shrinkLevel 1 (optimized builds only).
//    At shrink level 1 Binaryen inlines only functions of at most 6 expressions, which leaves the
//    standard library's accessors as calls (StaticArray#__uset, String#charCodeAt, Array#__get) and
//    many small getters (JValue#kind) in the JSON core's hot loops. This pass inlines functions of up
//    to INLINE_MAX expressions. At 8: 2 KB more module, a sixth less time in the core on the corpus's
//    JSON logs (docs/benchmarks.md, "JSON core profile"). At 20 (seventh session): 30 KB more, about
//    12% less time again for the core in-process (the bounds-checked Array#__get, String#charCodeAt,
//    Map#get and JValue#items go inline); a one-call CLI run, which runs V8's baseline code, is
//    unchanged, and compiling the module takes 0.26 ms more (docs/benchmarks.md, "seventh session").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Compiler, TypeRef, Node, NodeKind, LiteralKind, SourceKind } from "assemblyscript";
import { applyRuntimePatch } from "./asc-rt.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Binaryen as asc itself loads it (resolved from assemblyscript's own location, so the inlining limit
// of rewrite 5 is set on the very instance that optimizes the module; not a dependency of its own)
const { default: binaryen } = await import(
  pathToFileURL(createRequire(fileURLToPath(import.meta.resolve("assemblyscript"))).resolve("binaryen")).href
);
let patched = false;
// the allocator fast path (scripts/asc-rt.mjs): the runtime is parsed after transforms are loaded
applyRuntimePatch();
/** Largest function (Binaryen expressions) the extra inlining pass inlines everywhere (rewrite 5). */
const INLINE_MAX = 20;
/**
 * The same for the hook gate's build (entry GATE_ENTRY): it runs the core once per process, where V8
 * compiling the functions a call reaches costs more than running them. At 8 instead of 20: 0.4 M
 * instructions less per gate call on a state not seen (Liftoff compiles less code; issue 39 item 3).
 */
const INLINE_MAX_GATE = 8;
const GATE_ENTRY = "assembly/gate.ts";

function messageCodes() {
  const file = join(root, "build", "message-ids.json");
  let ids;
  try {
    ids = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`asc-size: ${file} is missing or unreadable; run node scripts/gen-rules.mjs first (${e.message})`);
  }
  return new Map(ids.map((id, i) => [id, i]));
}

function textCodes() {
  const file = join(root, "build", "texts.json");
  let texts;
  try {
    texts = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`asc-size: ${file} is missing or unreadable; run node scripts/gen-rules.mjs first (${e.message})`);
  }
  return new Map(texts.map((t, i) => [t, i]));
}

function isString(node) {
  return node && node.kind === NodeKind.Literal && node.literalKind === LiteralKind.String;
}

export default class SizeTransform {
  afterParse(parser) {
    const codes = messageCodes();
    const textNumbers = textCodes();
    let texts = 0;
    const textCode = (lit, where) => {
      const n = textNumbers.get(lit.value);
      if (n === undefined) problems.push(`${where}: txt(${JSON.stringify(lit.value)}) is not in build/texts.json; run node scripts/gen-rules.mjs`);
      return Node.createIntegerLiteralExpression(i64_new(n ?? 0, 0), lit.range);
    };
    const problems = [];
    let rewritten = 0;
    let rules = 0;
    const code = (lit, where) => {
      const n = codes.get(lit.value);
      if (n === undefined) problems.push(`${where}: msg("${lit.value}") names a message that no rule declares`);
      return Node.createIntegerLiteralExpression(i64_new(n ?? 0, 0), lit.range);
    };
    const seen = new Set();
    const visit = (node, where) => {
      if (!node || typeof node !== "object" || seen.has(node)) return;
      seen.add(node);
      if (Array.isArray(node)) {
        for (const x of node) visit(x, where);
        return;
      }
      if (!(node instanceof Node)) return;
      if (node.kind === NodeKind.Call && node.expression.kind === NodeKind.Identifier && node.expression.text === "msg" && node.args.length === 1) {
        const a = node.args[0];
        if (isString(a)) {
          node.args[0] = code(a, where);
        } else if (a.kind === NodeKind.Ternary && isString(a.ifThen) && isString(a.ifElse)) {
          a.ifThen = code(a.ifThen, where);
          a.ifElse = code(a.ifElse, where);
        } else {
          problems.push(`${where}: msg() takes a string literal (or a ?: of two) so the id can become a number`);
        }
        node.expression = Node.createIdentifierExpression("msgCode", node.expression.range);
        rewritten++;
      } else if (node.kind === NodeKind.Call && node.expression.kind === NodeKind.Identifier && node.expression.text === "txt" && node.args.length === 1) {
        const a = node.args[0];
        if (isString(a)) {
          node.args[0] = textCode(a, where);
        } else if (a.kind === NodeKind.Ternary && isString(a.ifThen) && isString(a.ifElse)) {
          a.ifThen = textCode(a.ifThen, where);
          a.ifElse = textCode(a.ifElse, where);
        } else {
          problems.push(`${where}: txt() takes a string literal (or a ?: of two) so the text can become a number`);
        }
        node.expression = Node.createIdentifierExpression("txtCode", node.expression.range);
        texts++;
      } else if (node.kind === NodeKind.Call && node.expression.kind === NodeKind.Identifier && node.expression.text === "defineRule" && isString(node.args[0])) {
        const m = /^([A-Z]+-)([0-9]+)$/.exec(node.args[0].value);
        if (m) {
          const r = node.args[0].range;
          node.args.splice(
            0,
            1,
            Node.createStringLiteralExpression(m[1], r),
            Node.createIntegerLiteralExpression(i64_new(Number(m[2]), 0), r),
            Node.createIntegerLiteralExpression(i64_new(m[2].length, 0), r),
          );
          node.expression = Node.createIdentifierExpression("defineRuleN", node.expression.range);
          rules++;
        }
      }
      for (const [k, v] of Object.entries(node)) if (k !== "range" && v && typeof v === "object") visit(v, where);
    };
    for (const source of parser.sources) {
      if (source.sourceKind !== SourceKind.User && source.sourceKind !== SourceKind.UserEntry) continue;
      if (source.normalizedPath === "assembly/msg.ts") continue; // declares msg itself
      if (source.normalizedPath === "assembly/lib/texts.ts") continue; // declares txt itself
      visit(source.statements, source.normalizedPath);
    }
    if (problems.length) throw new Error(`asc-size:\n  ${problems.join("\n  ")}`);
    this.log?.(`asc-size: ${rewritten} msg() calls report message numbers, ${texts} txt() calls text numbers, ${rules} rule ids put together at start`);
  }

  afterCompile(module) {
    // asc calls module.runPasses(extra passes) right after its own optimize(), which has set the
    // inlining limits for the build's levels (process-wide Binaryen settings): raise the one for small
    // functions, then inline and re-optimize what changed before asc's own extra passes.
    if (this.program.options.optimizeLevelHint < 3) return;
    const gate = this.program.sources.some((s) => s.sourceKind === SourceKind.UserEntry && s.normalizedPath === GATE_ENTRY);
    const runPasses = module.runPasses.bind(module);
    module.runPasses = (passes) => {
      binaryen.setAlwaysInlineMaxSize(gate ? INLINE_MAX_GATE : INLINE_MAX);
      runPasses(["inlining-optimizing", ...passes]);
    };
  }

  afterInitialize(program) {
    if (program.options.debugInfo || patched) return;
    patched = true;
    // Same shape as Compiler#makeStaticAbort (AssemblyScript 0.28), with a null file argument.
    Compiler.prototype.makeStaticAbort = function makeStaticAbort(messageExpr, codeLocation) {
      const module = this.module;
      const abortInstance = this.program.abortInstance;
      if (!abortInstance || !this.compileFunction(abortInstance)) return module.unreachable();
      const range = codeLocation.range;
      const source = range.source;
      return module.block(null, [
        module.call(
          abortInstance.internalName,
          [messageExpr, this.makeZero(this.program.stringInstance.type), module.i32(source.lineAt(range.start)), module.i32(source.columnAt())],
          TypeRef.None,
        ),
        module.unreachable(),
      ]);
    };
  }
}
