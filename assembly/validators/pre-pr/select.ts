// Family "select": which of the run's files each pre-pr check reads (fact "files": the scope's
// paths). The answer is global data: "workflows", "actions", "yaml", each an encoded list.
// Workflows are .yml/.yaml files directly in .github/workflows/, actions .yml/.yaml files anywhere
// below .github/actions/ (paths compared case-insensitively).
import { Input, Results } from "../../io";
import { encodeList } from "../../lib/list";
import { asciiLower } from "../../lib/text";

/** Length of a .yml/.yaml extension at the end of the lower-cased path, else 0. */
function yamlExt(l: string): i32 {
  return l.endsWith(".yml") ? 4 : l.endsWith(".yaml") ? 5 : 0;
}

export function selectFiles(input: Input, results: Results): void {
  const fs = input.factLines("files");
  const files = fs === null ? new Array<string>(0) : fs;
  const workflows: string[] = [];
  const actions: string[] = [];
  const yaml: string[] = [];
  const W = ".github/workflows/";
  const A = ".github/actions/";
  for (let i = 0; i < files.length; i++) {
    const p = files[i];
    const l = asciiLower(p); // path and extension compared case-insensitively
    const ext = yamlExt(l);
    if (ext == 0) continue;
    yaml.push(p);
    if (l.startsWith(W) && l.indexOf("/", W.length) < 0 && l.length > W.length + ext) workflows.push(p);
    else if (l.startsWith(A) && l.length > A.length + ext) actions.push(p);
  }
  results.putGlobal("workflows", encodeList(workflows));
  results.putGlobal("actions", encodeList(actions));
  results.putGlobal("yaml", encodeList(yaml));
}
