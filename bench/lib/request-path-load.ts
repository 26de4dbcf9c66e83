// Load generator for bench/request-path.ts, run as a child process so it never shares a server's
// event loop: autocannon against one case's request, cycling through the seeded users. Takes its
// spec as JSON in argv and sends its figures back over IPC.
import autocannon from 'autocannon';
import { type BenchUser, requestPathCases } from './request-path-cases.ts';

/** `first`: how many requests the benchmark sent before this load (the number of its first request). */
export type RequestLoadSpec = { url: string; caseName: string; users: BenchUser[]; first: number; seconds: number; connections: number };
export type RequestLoad = { requests: number; rps: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

const spec = JSON.parse(process.argv[2]!) as RequestLoadSpec;
const one = requestPathCases.find((c) => c.name === spec.caseName);
if (!one) throw new Error(`no case named ${spec.caseName}`);
let n = 0;

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: [
    {
      setupRequest: (req) => {
        const i = spec.first + n++;
        const user = spec.users[i % spec.users.length]!;
        const r = one.product(user, i);
        const headers: Record<string, string> = { authorization: `Bearer ${user.token}`, ...r.headers };
        if (r.body !== undefined) headers['content-type'] = 'application/json';
        return { ...req, method: r.method, path: r.path, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
      },
    },
  ],
});

process.send!({
  requests: result.requests.total,
  rps: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
} satisfies RequestLoad);
