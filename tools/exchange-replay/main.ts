// Plays recorded frames of a crypto exchange's public stream, speaking its protocol, so the
// `exchange` price source can be tried and tested offline:
//
//   npx node tools/exchange-replay/main.ts --exchange binance|coinbase|kraken [--port 0] [--rate 20]
//
// Prints {"listening":<port>} once it accepts connections. Reads commands from standard input,
// one a line, and answers each with a JSON line: `drop` (cut every connection), `garbage` (one
// frame that is not JSON and one with a missing field), `silence`, `resume`, and `requests` (the
// REST requests served so far, as {"done":"requests","requests":[path and query, …]}). The same
// port serves the exchange's REST endpoint for 1-minute candles (Binance /api/v3/klines, Coinbase
// /products/{id}/candles, Kraken /0/public/OHLC) from made-up bars near the fixture's prices.
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type ExchangeName, ExchangeReplay, PROTOCOLS } from './replay-server.ts';

const { values } = parseArgs({
  options: {
    exchange: { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    rate: { type: 'string', default: '20' },
    fixture: { type: 'string' },
  },
});

const exchange = values.exchange as ExchangeName;
if (!(exchange in PROTOCOLS)) {
  console.error(`--exchange must be one of ${Object.keys(PROTOCOLS).join(', ')}`);
  process.exit(2);
}

const replay = new ExchangeReplay({
  exchange,
  fixtureFile: values.fixture ?? path.join(import.meta.dirname, 'fixtures', `${exchange}.jsonl`),
  rate: Number(values.rate),
  port: Number(values.port),
  host: values.host,
});
const port = await replay.listen();
console.log(JSON.stringify({ listening: port }));

const commands: Record<string, () => number> = {
  drop: () => replay.drop(),
  garbage: () => replay.garbage(),
  silence: () => replay.silence(true),
  resume: () => replay.silence(false),
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim();
  const run = commands[command];
  if (command === 'requests') console.log(JSON.stringify({ done: command, requests: replay.restRequests }));
  else console.log(JSON.stringify(run ? { done: command, connections: run() } : { unknown: command }));
});

const quit = () => void replay.close().then(() => process.exit(0));
process.on('SIGINT', quit);
process.on('SIGTERM', quit);
