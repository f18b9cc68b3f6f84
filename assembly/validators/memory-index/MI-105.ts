// MI-105: the root index holds no image or unsafe link (current layout).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { MiCtx, U_ROOT } from "./ctx";
import { rootModel } from "./rootindex";

export const MI105 = defineRule("MI-105", SEV_ERROR, check);
function MI105_doc(): RuleDoc {
  return {
    id: "MI-105",
    validator: "memory-index",
    title: "Image or unsafe link in the root index",
    description: "Current layout: `memory-index.md` is read fail-closed. An image, or a local link destination that is empty or holds white space, `%`, `\\\\`, `?`, `#` or parentheses, cannot be resolved safely to a memory file and is rejected instead of being skipped. Web (`://`) and `mailto:` links are ignored.",
    messages: {
      imageInMemoryIndex: "Image in memory-index: {{d}}",
      unsupportedLinkDestinationIn: "Unsupported link destination in memory-index: {{d}}",
    },
  };
}

function check(ctx: MiCtx): void {
  if (ctx.unit != U_ROOT) return;
  const m = rootModel(ctx);
  for (let i = 0; i < m.links.length; i++) {
    const l = m.links[i];
    ctx.seq = l.seq;
    ctx.report(ctx.rule, loc(m.doc!, l.line), msg(l.image ? "imageInMemoryIndex" : "unsupportedLinkDestinationIn").s("d", l.dest));
  }
}
