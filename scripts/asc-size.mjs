// AssemblyScript compiler transform for the release module (asconfig.json "transform"): keeps
// source file paths out of the module.
//
// AssemblyScript compiles every abort site (assert, `throw`, the standard library's range and null
// checks) to `abort(message, file, line, column)` and stores each file's path as a UTF-16 string in
// the data section: about 48 paths, 4.5 KB. This transform passes 0 (no file) instead; the message,
// line and column still reach the host, which turns any abort into an internal error (AC-902, exit 2;
// src/wasm/instance.ts, src/engine.ts). The debug target (`--target debug`, debug info on) keeps the
// paths, so an abort seen in a release run can be located by running the same input on a debug build.
import { Compiler, TypeRef } from "assemblyscript";

let patched = false;

export default class SizeTransform {
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
