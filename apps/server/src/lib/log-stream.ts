import { write, writeSync } from 'node:fs';

/** Flushed at once above this many bytes waiting, so a burst of lines cannot grow the buffer without bound. */
const HIGH_WATER = 64 * 1024;

/**
 * Where the server's JSON log lines go: standard output, written off the event loop. Lines written
 * while the loop is busy are gathered and go out in one asynchronous write (in libuv's thread pool),
 * where writing each line to a pipe or file as it came would stop the loop twice per request.
 * What is still waiting when the process exits is written synchronously then, so no line is lost.
 */
export function asyncStdout(fd = 1): { write(line: string): void } {
  let waiting: string[] = [];
  let size = 0;
  let writing = false;

  const send = (chunk: Buffer) => {
    writing = true;
    write(fd, chunk, (err, written) => {
      writing = false;
      // A closed or broken stdout leaves the server running without its log, not crashing.
      if (err) return;
      // A pipe may take part of the chunk; the rest goes before anything newer.
      if (written < chunk.length) send(chunk.subarray(written));
      else flush();
    });
  };
  const flush = () => {
    if (writing || !waiting.length) return;
    const chunk = Buffer.from(waiting.join(''));
    waiting = [];
    size = 0;
    send(chunk);
  };

  process.once('exit', () => {
    if (waiting.length) writeSync(fd, waiting.join(''));
  });

  return {
    write(line: string) {
      waiting.push(line);
      size += line.length;
      if (size > HIGH_WATER) flush();
      else if (waiting.length === 1) setImmediate(flush);
    },
  };
}
