// SFM-10: a skill's model and allowed-tools come from the allow-lists (options models, tools).
import { defineRule, msg, RuleDoc, loc } from "../../rules";
import { SEV_ERROR } from "../../abi";
import { trim, unquote, segments } from "./util";
import { FAMILY_SFM, PrePrCtx } from "./ctx";
import { field, modelOk, skills, toolOk, FM_OK } from "./skill";

export const SFM10 = defineRule("SFM-10", SEV_ERROR, check);
function SFM10_doc(): RuleDoc {
  return {
    id: "SFM-10",
    validator: "pre-pr",
    title: "Model or tool",
    description: "A `model:` in the front matter is one of `models` (a dated variant `<model>-YYYYMMDD` included); every entry of `allowed-tools:` is one of `tools` (compared case-insensitively; `Tool(args)`, wildcards and `mcp__` tools are accepted).",
    options: {
      models: {
        type: "string[]",
        "default": ["claude-opus-4-5", "claude-sonnet-4-5", "claude-haiku-4-5", "claude-opus-4-6", "claude-sonnet-4-6", "claude-haiku-4-6", "claude-opus-4-1", "claude-opus-4-0", "claude-sonnet-4-0", "claude-3-7-sonnet-latest", "opus", "sonnet", "haiku", "inherit"],
        description: "Model names a skill may name (config prePr.skills.models sets it too).",
      },
      tools: {
        type: "string[]",
        "default": ["bash", "view", "edit", "create", "grep", "glob", "task", "web_search", "web_fetch", "mcp", "playwright-browser", "github-mcp-server", "deepwiki", "serena", "forgetful", "read", "write", "multiedit", "notebookedit", "notebookread", "webfetch", "websearch", "todowrite", "todoread", "ls", "bashoutput", "killshell", "skill", "slashcommand", "exitplanmode", "askuserquestion", "agent"],
        description: "Tool names allowed in allowed-tools, compared case-insensitively (config prePr.skills.tools sets it too).",
      },
    },
    messages: {
      unknownModel: "Unknown model '{{m}}'",
      unknownTools: "Unknown tools: {{join}}",
    },
  };
}

function check(ctx: PrePrCtx): void {
  if (!ctx.runs(FAMILY_SFM)) return;
  const models = ctx.input.factLines("option.SFM-10.models");
  const tools = ctx.input.factLines("option.SFM-10.tools");
  const ss = skills(ctx);
  for (let d = 0; d < ss.length; d++) {
    const s = ss[d];
    if (s.status != FM_OK) continue;
    const model = field(s.fields, "model");
    if (model !== null) {
      const m = trim(model.value);
      if (m.length > 0 && !modelOk(m, models)) ctx.report(ctx.rule, loc(s.doc, model.line, 1), msg("unknownModel").s("m", m));
    }
    const at = field(s.fields, "allowed-tools");
    if (at !== null) {
      const parts = segments(at.value, 44);
      const unknown: string[] = [];
      for (let i = 0; i < parts.length; i++) {
        let t = trim(parts[i]);
        if (t.startsWith("-")) t = trim(t.substring(1));
        t = unquote(t);
        if (!toolOk(t, tools)) unknown.push(t);
      }
      if (unknown.length > 0) ctx.report(ctx.rule, loc(s.doc, at.line, 1), msg("unknownTools").s("join", unknown.join(", ")));
    }
  }
}
