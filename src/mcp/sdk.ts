// The MCP SDK and zod, as the server uses them. `npm run build` replaces dist/mcp/sdk.js with one
// pre-bundled module (scripts/bundle-mcp.mjs): the SDK and zod are hundreds of small modules, and
// loading them one by one doubles the server's start-up time. Unbundled, this file works the same.
export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
export { z } from "zod";
export { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
export type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
