import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';

/** The stand-ins under tools/ for parties tests cannot reach: a FIX provider, the exchanges. */
export const TOOLS = path.resolve(import.meta.dirname, '../../../../tools');

/**
 * A tool running as a process of its own: it prints `{"listening":port}` first, then a JSON line per
 * event, and takes commands on its standard input, answering each with `{"done":"<command>",…}`
 * (or `{"error":…}`).
 */
export type ToolProcess = {
  child: ChildProcessWithoutNullStreams;
  lines: Interface;
  /** Every line it printed after the first, parsed. */
  events: Record<string, unknown>[];
  port: number;
  command(line: string): Promise<Record<string, unknown>>;
};

/** Starts `tools/<main>` with `args` and waits until it listens. */
export async function startTool(main: string, args: string[]): Promise<ToolProcess> {
  const child = spawn(process.execPath, [path.join(TOOLS, main), ...args], { stdio: 'pipe' });
  child.stderr.pipe(process.stderr);
  const lines = createInterface({ input: child.stdout });
  const events: Record<string, unknown>[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${main} exited with ${code}`)));
    lines.once('line', (line) => {
      lines.on('line', (next) => events.push(JSON.parse(next)));
      resolve(JSON.parse(line).listening);
    });
  });
  const command = (line: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const name = line.split(' ')[0];
      const take = (text: string) => {
        const answer = JSON.parse(text);
        if (answer.error) reject(new Error(answer.error));
        else if (answer.done !== name) return;
        else resolve(answer);
        lines.off('line', take);
      };
      lines.on('line', take);
      child.stdin.write(`${line}\n`);
    });
  return { child, lines, events, port, command };
}
