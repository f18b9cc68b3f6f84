// The parser module of jsonc-parser, imported directly (the package's main entry also loads the
// formatter and editor, which the gate does not need on its start path).
declare module "jsonc-parser/lib/umd/impl/parser.js" {
  export function parseTree(
    text: string,
    errors?: { error: number; offset: number; length: number }[],
    options?: { disallowComments?: boolean; allowTrailingComma?: boolean; allowEmptyContent?: boolean },
  ): unknown;
}
