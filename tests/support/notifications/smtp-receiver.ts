/**
 * A real SMTP server in the test's process (the smtp-server package, no TLS, no authentication): what
 * the mail worker sends arrives in `received`; an address in `refused` is answered 550.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  data: string;
}

export class SmtpReceiver {
  readonly received: Received[] = [];
  readonly refused = new Set<string>();
  /** Awaited before a message's DATA is answered: a slow server, or an error (with responseCode) to answer. */
  answer?: (to: string[]) => Promise<Error | undefined>;
  port = 0;
  private server?: SMTPServer;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts listening, on the same port as before when restarted. */
  start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address)) return callback();
        callback(Object.assign(new Error("No such mailbox here"), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          const from = session.envelope.mailFrom;
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const refusal = await this.answer?.(to);
          if (refusal) return callback(refusal);
          this.received.push({
            from: from ? from.address : "",
            to,
            data: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    this.server = server;
    return new Promise((resolve) =>
      server.listen(this.port, "127.0.0.1", () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      }),
    );
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The messages to `address`, as their text: quoted-printable soft breaks and escapes undone. */
  textsTo(address: string): string[] {
    return this.received.filter((one) => one.to.includes(address)).map((one) => decoded(one.data));
  }
}

const decoded = (data: string) =>
  data
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
