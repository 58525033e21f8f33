/**
 * The bench's baseline (../shared/DESIGN.md "Performance"): bare node:http that reads a small JSON body,
 * parses it and answers a fixed JSON. It is the machine's ceiling for this kind of work; every API
 * endpoint is budgeted as a share of it. Run as a child process: `node --import tsx <this> <port>`.
 */
import { createServer } from "node:http";

const ANSWER = Buffer.from('{"error":null,"data":{"ok":true},"status":"success"}');

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    let status = 200;
    try {
      if (chunks.length > 0) JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      status = 400;
    }
    response.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": ANSWER.length,
    });
    response.end(ANSWER);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[2]) || 0, () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : ""}\n`);
});
// The parent holds our stdin open; when it goes away (even killed), so do we.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
