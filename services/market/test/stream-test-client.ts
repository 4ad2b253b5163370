import { WebSocket } from 'ws';

export interface StreamMessage {
  type: string;
  [field: string]: unknown;
}

/**
 * A test WebSocket client: queues every server message (parsed, and the raw text) and waits for the next one that
 * matches. Real socket, real frames.
 */
export class StreamTestClient {
  readonly messages: StreamMessage[] = [];
  readonly rawMessages: string[] = [];
  private readonly waiters: Array<{
    match: (message: StreamMessage) => boolean;
    resolve: (message: StreamMessage) => void;
  }> = [];
  private cursor = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      const message = JSON.parse(text) as StreamMessage;
      this.rawMessages.push(text);
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }

  static async connect(url: string, options: { autoPong?: boolean } = {}): Promise<StreamTestClient> {
    const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
    const client = new StreamTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message after the ones already taken that matches; waits up to `timeoutMs`. */
  async next(
    match: (message: StreamMessage) => boolean = () => true,
    timeoutMs = 3_000,
  ): Promise<StreamMessage> {
    for (; this.cursor < this.messages.length;) {
      const message = this.messages[this.cursor];
      this.cursor += 1;
      if (message !== undefined && match(message)) return message;
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer);
          this.cursor = this.messages.length;
          resolve(message);
        },
      });
    });
  }

  nextOfType(type: string, timeoutMs?: number): Promise<StreamMessage> {
    return this.next((message) => message.type === type, timeoutMs);
  }

  /** Resolves when the server closes or drops the connection. */
  closed(timeoutMs = 3_000): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still open')), timeoutMs);
      this.socket.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close(): void {
    this.socket.terminate();
  }
}
