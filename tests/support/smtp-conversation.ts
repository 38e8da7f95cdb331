import { connect, type Socket } from "node:net";

// A raw SMTP client for the listener's tests: it says exactly what a test tells it (a SIZE it lies
// about, a body past the limit, garbage), which a well-behaved client library never would.

export class SmtpConversation {
  private buffer = "";
  private waiting: ((reply: string) => void) | null = null;
  private closed = false;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      this.deliver();
    });
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.(this.buffer || "(closed)");
      this.waiting = null;
    });
    // A reset after the server hangs up is the end of the conversation, not a test failure.
    socket.on("error", () => undefined);
  }

  /** Connects (from `localAddress`, another loopback address say) and reads the greeting. */
  static async open(
    port: number,
    localAddress?: string,
  ): Promise<{ conversation: SmtpConversation; greeting: string }> {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    const conversation = new SmtpConversation(socket);
    const greeting = await conversation.reply();
    return { conversation, greeting };
  }

  /** The next complete reply (its last line is "NNN text"). */
  private reply(): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.deliver();
    });
  }

  private deliver(): void {
    if (!this.waiting) return;
    const match = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\n/.exec(this.buffer);
    if (!match) {
      if (this.closed) this.waiting(this.buffer || "(closed)");
      return;
    }
    this.buffer = this.buffer.slice(match[0].length);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(match[0].trimEnd());
  }

  /** Sends one command line and reads its reply. */
  async command(line: string): Promise<string> {
    this.socket.write(`${line}\r\n`, "latin1");
    return this.reply();
  }

  /** Sends a message body after a 354 (dot-stuffed, with the final dot) and reads the reply. */
  async data(body: Buffer): Promise<string> {
    const stuffed = body.toString("latin1").replace(/(^|\r\n)\./g, "$1..");
    const ending = stuffed.endsWith("\r\n") ? ".\r\n" : "\r\n.\r\n";
    this.socket.write(stuffed + ending, "latin1");
    return this.reply();
  }

  /** Writes bytes as they are, with no reply expected. */
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}
