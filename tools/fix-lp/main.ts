// A liquidity-provider simulator: a FIX 4.4 market-data acceptor quoting a random walk per symbol
// with five levels of depth, for trying Bourse's `fix` price source without a real provider. It
// takes orders on the same sessions (lp-order-desk.ts): IOC and FOK, filled at its best price.
//
//   npx node tools/fix-lp/main.ts --port 9878 --symbols EUR/USD,BTC/USD [--rate 4] [--comp-id LP]
//                                 [--username bourse --password secret] [--host 0.0.0.0] [--verbose]
//
// --rate is steps of the market a second (each moves every symbol), at most 1000; --rate 0 steps as
// fast as the slowest connected client reads them (benchmarks).
//
// Prints {"listening":<port>} once it accepts connections (--port 0 picks a free one), then one JSON
// line per event (logon, subscribed, rejected, ended; order, order_duplicate, order_status,
// positions). Commands on stdin are in lp-control.ts.
import { parseArgs } from 'node:util';
import { controlFrom } from './lp-control.ts';
import { startLp } from './lp-server.ts';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '9878' },
    symbols: { type: 'string', default: 'EUR/USD,GBP/USD,USD/JPY,XAU/USD,BTC/USD,ETH/USD' },
    rate: { type: 'string', default: '4' },
    'comp-id': { type: 'string', default: 'LP' },
    username: { type: 'string' },
    password: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
const rate = Number(values.rate);
const symbols = values.symbols.split(',').map((s) => s.trim()).filter(Boolean);
if (!(Number.isInteger(port) && port >= 0 && port <= 65_535)) fail(`--port must be 0 to 65535, not ${values.port}`);
if (!(rate >= 0 && rate <= 1000)) fail(`--rate must be 0 (as fast as clients read) to 1000 updates a second, not ${values.rate}`);
if (!symbols.length) fail('--symbols names none');

const report = (event: object) => process.stdout.write(`${JSON.stringify(event)}\n`);
const lp = await startLp({
  host: values.host,
  port,
  symbols,
  rate,
  compId: values['comp-id'],
  username: values.username,
  password: values.password,
  report,
  log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
});
report({ listening: lp.port });

const quit = () => void lp.close().then(() => process.exit(0));
controlFrom(process.stdin, lp, report, quit);
process.on('SIGINT', quit);
process.on('SIGTERM', quit);

function fail(message: string): never {
  process.stderr.write(`fix-lp: ${message}\n`);
  process.exit(2);
}
