// The server's stdio transport: newline-delimited JSON-RPC 2.0 on stdin/stdout, as the SDK's
// StdioServerTransport, except that a line which is no valid message gets the JSON-RPC 2.0 error
// response (the SDK's transport only reported it to onerror, so the client waited for ever):
//   not JSON                                   -32700 Parse error, id null
//   a batch (array), a scalar, null            -32600 Invalid Request, id null (MCP has no batches)
//   an object that is no JSON-RPC message      -32600 Invalid Request, its id when it has a valid one
//                                              (string or number), else null
//   a line over maxLineBytes                   -32600 Invalid Request, id null, as soon as it is over;
//                                              the rest of it is dropped as it arrives (never held) and
//                                              the next line is served
// Lines are read in linear time: the chunks of the line being read are kept in a list and joined once,
// when its newline arrives (re-appending to one string and re-scanning it was quadratic: 60 MB without
// a newline took 29 s and stalled the server).
import process from "node:process";
import { JSONRPCMessageSchema, type JSONRPCMessage, type Transport } from "./sdk.js";

type Id = string | number | null;

/**
 * The most one incoming message may take, in bytes (a tool call's arguments included). The largest
 * legitimate input is a tool's text argument (evidence, a summary): far below this.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export class LineServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The chunks of the line being read (no newline among them) and their total size in bytes. */
  private parts: Buffer[] = [];
  private size = 0;
  /** The current line went over the cap: its bytes are dropped until its newline. */
  private skipping = false;
  private started = false;
  private closed = false;
  private readonly onData = (chunk: Buffer | string) => {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let from = 0;
    for (let nl = b.indexOf(0x0a, from); nl >= 0; nl = b.indexOf(0x0a, from)) {
      this.take(b.subarray(from, nl));
      const over = this.skipping;
      const line = over ? "" : Buffer.concat(this.parts, this.size).toString("utf8");
      this.parts = [];
      this.size = 0;
      this.skipping = false;
      from = nl + 1;
      if (!over) this.line(line.replace(/\r$/, ""));
    }
    this.take(b.subarray(from));
  };
  private readonly onError = (e: Error) => this.onerror?.(e);
  private readonly onEnd = () => void this.close();

  /**
   * @param maxLineBytes the most one message (one line, without its newline) may take; over it the
   *   line is answered with -32600 and dropped (default MAX_MESSAGE_BYTES)
   */
  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes: number = MAX_MESSAGE_BYTES,
  ) {}

  /** Add a piece of the current line (no newline in it), or drop it once the line is over the cap. */
  private take(piece: Buffer): void {
    if (this.skipping || piece.length === 0) return;
    if (this.size + piece.length > this.maxLineBytes) {
      this.skipping = true;
      this.parts = [];
      this.size = 0;
      // answered at once (the client need not send the rest); the rest of the line is dropped unread
      this.tooLong();
      return;
    }
    this.parts.push(piece);
    this.size += piece.length;
  }

  private tooLong(): void {
    this.reject(null, -32600, `Invalid Request: a message over ${this.maxLineBytes} bytes was dropped (the limit of agentcheck mcp)`);
  }

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
    this.parts = [];
    this.size = 0;
    this.onclose?.();
  }
}
