// Load generator for bench/orders.ts, run as a child process so it never shares the server's event
// loop (autocannon changes behaviour inside worker threads): autocannon against one route, cycling
// through signed-in users; order requests get a fresh Idempotency-Key each, as the order form's
// regenerated id would. Takes its spec as JSON in argv and sends its figures back over IPC.
import autocannon from 'autocannon';

export type LoadSpec = {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  tokens: string[];
  body: unknown;
  seconds: number;
  connections: number;
  label: string;
};

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
let n = 0;
const json = spec.body === null ? undefined : JSON.stringify(spec.body);

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: [
    {
      method: spec.method,
      path: spec.path,
      setupRequest: (req) => {
        const i = n++;
        const headers: Record<string, string> = { authorization: `Bearer ${spec.tokens[i % spec.tokens.length]}` };
        if (json !== undefined) {
          headers['content-type'] = 'application/json';
          headers['idempotency-key'] = `${spec.label}-${i}`;
        }
        return { ...req, headers, body: json };
      },
    },
  ],
});

process.send!({
  requests: result.requests.total,
  rps: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});
