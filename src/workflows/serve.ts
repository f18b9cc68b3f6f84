// The served app: the Inngest serve protocol over a plain Node http handler (`inngest/node`), and the
// small server `agentcheck workflows serve` starts. Inngest (the dev server, or a self-hosted one)
// calls it: GET introspects, PUT registers the functions, POST runs a step.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { Inngest } from "inngest";
import { serve } from "inngest/node";
import { createWorkflowFunctions, type AllWorkflowOptions } from "./functions.js";

export const SERVE_PATH = "/api/inngest";

export interface HandlerOptions extends AllWorkflowOptions {
  /** The Inngest client; default `new Inngest({ id: appId, isDev })`. */
  client?: Inngest.Any;
  /** App id of the default client (default "agentcheck"). */
  appId?: string;
  /** Dev mode (no request signing): the Inngest dev server. Default: on unless INNGEST_SIGNING_KEY is set. */
  isDev?: boolean;
  /** Public URL of this app as Inngest reaches it (default: from the request). */
  serveOrigin?: string;
}

/** The Inngest serve handler of every agentcheck function, for any Node http server (or Express `app.use`). */
export function createWorkflowHandler(o: HandlerOptions = {}): { handler: RequestListener; client: Inngest.Any; functions: ReturnType<typeof createWorkflowFunctions>["functions"] } {
  const isDev = o.isDev ?? !process.env.INNGEST_SIGNING_KEY;
  const client = o.client ?? new Inngest({ id: o.appId ?? "agentcheck", isDev });
  const { functions } = createWorkflowFunctions(client, o);
  const handler = serve({ client, functions, servePath: SERVE_PATH, ...(o.serveOrigin ? { serveOrigin: o.serveOrigin } : {}) });
  return { handler, client, functions };
}

/** An http server with the handler at /api/inngest (404 elsewhere), listening on host:port. */
export function startWorkflowServer(o: HandlerOptions & { port: number; host?: string }): Promise<{ server: Server; url: string }> {
  const { handler } = createWorkflowHandler(o);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === SERVE_PATH || path === `${SERVE_PATH}/`) return handler(req, res);
    res.statusCode = 404;
    res.setHeader("content-type", "text/plain; charset=utf-8");
    res.end(`agentcheck workflows: the Inngest endpoint is ${SERVE_PATH}\n`);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host ?? "127.0.0.1", () => {
      const a = server.address();
      const port = typeof a === "object" && a ? a.port : o.port;
      resolve({ server, url: `http://${o.host ?? "127.0.0.1"}:${port}${SERVE_PATH}` });
    });
  });
}
