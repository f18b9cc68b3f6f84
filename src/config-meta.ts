// The JSON Schema keyword that carries a check's message from the configuration's declaration
// (src/config-schema.ts, `.meta({ [CONFIG_MESSAGE_KEY]: ... })`) to the validator every entry point
// uses (src/config-validate.ts). A module of its own: the declaration is rendered at build time
// before the validator's generated schema exists.
export const CONFIG_MESSAGE_KEY = "x-agentcheck-message";
