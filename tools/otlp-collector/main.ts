// A stand-in for an OpenTelemetry Collector, so traces can be tried and tested offline:
//
//   node tools/otlp-collector/main.ts [--port 0] [--host 127.0.0.1]
//
// Prints {"listening":<port>} once it accepts exports. Point a process at it with
// OTEL_EXPORTER_OTLP_ENDPOINT=http://host:port. It takes OTLP/HTTP trace exports (POST /v1/traces,
// JSON encoding, gzip or not) as a collector's OTLP receiver does, answers each with an empty
// ExportTraceServiceResponse, and prints {"received":<span count>} per export. GET /spans answers
// every span so far as JSON. Commands on standard input, one a line, each answered with
// {"done":<command>,…}:
//   spans            {"done":"spans","spans":[…]} every span received so far
//   clear            forgets them
import { createServer, type IncomingMessage } from 'node:http';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { type ReceivedSpan, spansOf } from './otlp-json.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } } });

let received: ReceivedSpan[] = [];

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

const send = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/spans') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
    return;
  }
  if (req.method !== 'POST' || req.url !== '/v1/traces') {
    res.writeHead(404).end();
    return;
  }
  // A collector answers an encoding it does not take with 415; this one takes OTLP/JSON only.
  if (!req.headers['content-type']?.startsWith('application/json')) {
    res.writeHead(415).end();
    return;
  }
  void bodyOf(req).then(
    (body) => {
      try {
        const spans = spansOf(JSON.parse(body.toString('utf8')));
        received.push(...spans);
        send({ received: spans.length });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 3, message: (error as Error).message }));
      }
    },
    () => res.writeHead(400).end(),
  );
});

server.listen(Number(values.port), values.host, () => {
  const { port } = server.address() as { port: number };
  send({ listening: port });
});

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim();
  if (command === 'spans') send({ done: 'spans', spans: received });
  else if (command === 'clear') {
    received = [];
    send({ done: 'clear' });
  } else send({ error: `unknown command: ${command}` });
});
