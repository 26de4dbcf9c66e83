import { createInterface } from 'node:readline';
import type { LpServer } from './lp-server.ts';

const HELP = 'commands: drop | stop-quotes | start-quotes | gap [n] | garble | junk | quit';

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
