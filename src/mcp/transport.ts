// The server's stdio transport: newline-delimited JSON-RPC 2.0 on stdin/stdout, as the SDK's
// StdioServerTransport, except that a line which is no valid message gets the JSON-RPC 2.0 error
// response (the SDK's transport only reported it to onerror, so the client waited for ever):
//   not JSON                                   -32700 Parse error, id null
//   a batch (array), a scalar, null            -32600 Invalid Request, id null (MCP has no batches)
//   an object that is no JSON-RPC message      -32600 Invalid Request, its id when it has a valid one
//                                              (string or number), else null
import process from "node:process";
import { JSONRPCMessageSchema, type JSONRPCMessage, type Transport } from "./sdk.js";

type Id = string | number | null;

export class LineServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private buf = "";
  private started = false;
  private closed = false;
  private readonly onData = (chunk: Buffer | string) => {
    this.buf += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    for (let nl = this.buf.indexOf("\n"); nl >= 0; nl = this.buf.indexOf("\n")) {
      const line = this.buf.slice(0, nl).replace(/\r$/, "");
      this.buf = this.buf.slice(nl + 1);
      this.line(line);
    }
  };
  private readonly onError = (e: Error) => this.onerror?.(e);
  private readonly onEnd = () => void this.close();

  constructor(private readonly stdin: NodeJS.ReadableStream = process.stdin, private readonly stdout: NodeJS.WritableStream = process.stdout) {}

  async start(): Promise<void> {
    if (this.started) throw new Error("LineServerTransport already started");
    this.started = true;
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onError);
    this.stdin.on("end", this.onEnd);
  }

  private line(line: string): void {
    if (line.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      this.reject(null, -32700, `Parse error: ${(e as Error).message}`);
      return;
    }
    if (Array.isArray(v)) return this.reject(null, -32600, "Invalid Request: batch requests are not supported");
    if (typeof v !== "object" || v === null) return this.reject(null, -32600, "Invalid Request: a message must be a JSON object");
    const parsed = JSONRPCMessageSchema.safeParse(v);
    if (!parsed.success) {
      const id = (v as { id?: unknown }).id;
      const known: Id = typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
      const why = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
      return this.reject(known, -32600, `Invalid Request: not a JSON-RPC 2.0 message (${why})`);
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (e) {
      this.onerror?.(e as Error);
    }
  }

  private reject(id: Id, code: number, message: string): void {
    void this.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }) + "\n");
  }

  private write(text: string): Promise<void> {
    return new Promise((res) => {
      if (this.stdout.write(text)) res();
      else this.stdout.once("drain", () => res());
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(JSON.stringify(message) + "\n");
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onError);
    this.stdin.off("end", this.onEnd);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.buf = "";
    this.onclose?.();
  }
}
