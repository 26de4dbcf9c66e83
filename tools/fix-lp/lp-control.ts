import { createInterface } from 'node:readline';
import type { OrderDesk } from './lp-order-desk.ts';
import type { LpServer } from './lp-server.ts';

const HELP = 'commands: drop | stop-quotes | start-quotes | gap [n] | garble | junk | orders <rule> | quit';
const ORDERS_HELP = 'orders fill | partial <fraction> | reject <text> | hold | release | slow <ms>';

/**
 * Commands, one a line on stdin, for tests and for trying a client by hand; each is answered with
 * one JSON line. SIGUSR2 drops every connection too, for a shell without the process's stdin.
 */
export function controlFrom(input: NodeJS.ReadableStream, lp: LpServer, report: (event: object) => void, quit: () => void): void {
  const lines = createInterface({ input });
  lines.on('line', (line) => {
    const [command, arg] = line.trim().split(/\s+/);
    switch (command) {
      case '':
        return;
      case 'drop':
        return report({ done: 'drop', sessions: lp.drop() });
      case 'stop-quotes':
      case 'start-quotes':
        lp.setQuoting(command === 'start-quotes');
        return report({ done: command });
      case 'gap': {
        const n = arg === undefined ? 5 : Number(arg);
        if (!(Number.isInteger(n) && n > 0)) return report({ error: `gap takes a positive whole number, not ${arg}` });
        return report({ done: 'gap', skipped: n, sessions: lp.gap(n) });
      }
      case 'garble':
        return report({ done: 'garble', sessions: lp.garble() });
      case 'junk':
        return report({ done: 'junk', sessions: lp.junk() });
      case 'orders':
        return report(ordersCommand(lp.orders, line.trim().split(/\s+/).slice(1)));
      case 'quit':
        return quit();
      default:
        return report({ error: `unknown command ${command}; ${HELP}` });
    }
  });
  // Without stdin (started in the background, or stdin closed) the simulator keeps serving.
  lines.on('close', () => {});
  process.on('SIGUSR2', () => report({ done: 'drop', sessions: lp.drop() }));
}

/**
 * `orders fill` (the default) fills whole orders; `orders partial 0.5` fills that fraction, cancelling
 * the rest of an IOC order and rejecting a FOK one; `orders reject <text>` rejects with that Text.
 * `orders hold` keeps back the reports answering new orders until `orders release`, as if they were
 * lost; `orders slow <ms>` delays every ExecutionReport (0 for none).
 */
function ordersCommand(orders: OrderDesk, words: string[]): object {
  const [rule, ...rest] = words;
  switch (rule) {
    case 'fill':
      orders.setRule({ kind: 'fill' });
      break;
    case 'partial': {
      const fraction = Number(rest[0]);
      if (!(fraction >= 0 && fraction < 1)) return { error: `orders partial takes a fraction from 0 to below 1, not ${rest[0]}` };
      orders.setRule({ kind: 'partial', fraction });
      break;
    }
    case 'reject':
      orders.setRule({ kind: 'reject', text: rest.join(' ') || 'rejected by the provider' });
      break;
    case 'hold':
      orders.hold();
      break;
    case 'release':
      return { done: 'orders', released: orders.release(), ...orders.settings() };
    case 'slow': {
      const ms = Number(rest[0]);
      if (!(Number.isInteger(ms) && ms >= 0)) return { error: `orders slow takes milliseconds, not ${rest[0]}` };
      orders.slow(ms);
      break;
    }
    default:
      return { error: `unknown orders rule ${rule}; ${ORDERS_HELP}` };
  }
  return { done: 'orders', ...orders.settings() };
}
