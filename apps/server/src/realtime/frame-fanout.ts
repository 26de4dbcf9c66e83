import type { Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io';

/** A connection this far behind (bytes queued in its socket) gets no more deltas until it drains. */
export const MAX_QUEUED_BYTES = 1 << 20;

/** A Socket.IO event on the main namespace, encoded once: the Socket.IO packet, and the websocket frame carrying it. */
export type EncodedEvent = { packet: string; frame: Buffer };

type Member = { behind: boolean; group: number };

/** Encodes an event whose data is already JSON: socket.io EVENT `2`, inside engine.io message `4`, inside a websocket text frame. */
export function encodeEvent(event: string, json: string): EncodedEvent {
  const packet = `2["${event}",${json}]`;
  const payload = Buffer.from(`4${packet}`);
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x81, n]) : n < 65536 ? Buffer.from([0x81, 126, n >> 8, n & 255]) : Buffer.alloc(10);
  if (n >= 65536) {
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(n), 2);
  }
  return { packet, frame: Buffer.concat([header, payload]) };
}

/**
 * The TCP socket under a Socket.IO connection when frames may be written to it directly: websocket
 * transport, open, no per-message compression (a compressed connection's frames must pass through
 * its deflater, in order). Engine.io and ws write each of their frames whole and synchronously in
 * that case, so a frame written here never lands inside another one.
 */
function rawSocketOf(socket: Socket): NetSocket | null {
  const transport = socket.conn.transport as unknown as { name: string; socket?: { readyState: number; _extensions?: Record<string, unknown>; _socket?: NetSocket } };
  const ws = transport.name === 'websocket' ? transport.socket : undefined;
  if (ws?.readyState !== 1 || !ws._socket || ws._extensions?.['permessage-deflate']) return null;
  return ws._socket;
}

/**
 * Sends one event to many Socket.IO connections for the cost of one encoding and one socket write
 * each: the complete websocket frame is built once and the same buffer is written to every
 * connection's socket, past the per-packet work of Socket.IO and Engine.IO (packet objects, write
 * buffers, drain callbacks) that costs more than the write itself when thousands of clients get a
 * frame ten times a second.
 *
 * A member whose socket has more than MAX_QUEUED_BYTES queued is skipped rather than buffered
 * without bound, and marked behind; the first frame it can take again is the catch-up frame (the
 * whole current state), since the deltas it missed are gone.
 *
 * Members are spread evenly over `groups`, so a frame can go to one group at a time.
 */
export class FrameFanout {
  private readonly members = new Map<Socket, Member>();
  private readonly groups: Map<Socket, Member>[];

  constructor(groups = 1) {
    this.groups = Array.from({ length: Math.max(1, groups) }, () => new Map());
  }

  get size(): number {
    return this.members.size;
  }

  has(socket: Socket): boolean {
    return this.members.has(socket);
  }

  /** Adds a member to the smallest group; with `catchUpFirst` its first frame is the catch-up frame. */
  add(socket: Socket, opts: { catchUpFirst?: boolean } = {}): void {
    if (this.members.has(socket)) return;
    const group = this.groups.reduce((smallest, g, i) => (g.size < this.groups[smallest]!.size ? i : smallest), 0);
    const member = { behind: opts.catchUpFirst === true, group };
    this.members.set(socket, member);
    this.groups[group]!.set(socket, member);
    socket.once('disconnect', () => this.delete(socket));
  }

  delete(socket: Socket): void {
    const member = this.members.get(socket);
    if (!member) return;
    this.members.delete(socket);
    this.groups[member.group]!.delete(socket);
  }

  /** Whether `group` (every member when omitted) has anyone to send to. */
  hasMembers(group?: number): boolean {
    return this.membersOf(group).size > 0;
  }

  private membersOf(group: number | undefined): Map<Socket, Member> {
    return group === undefined ? this.members : this.groups[group % this.groups.length]!;
  }

  /**
   * Writes `event` to every member of `group` (every member when omitted); members that fell behind
   * get `catchUp()` (built at most once) instead.
   */
  send(event: EncodedEvent, catchUp: () => EncodedEvent, group?: number): { written: number; skipped: number } {
    let written = 0;
    let skipped = 0;
    let full: EncodedEvent | null = null;
    for (const [socket, member] of this.membersOf(group)) {
      const raw = rawSocketOf(socket);
      if (raw && raw.writableLength > MAX_QUEUED_BYTES) {
        member.behind = true;
        skipped++;
        continue;
      }
      const frame = member.behind ? (full ??= catchUp()) : event;
      member.behind = false;
      // Not a plain websocket (yet): the regular path, which queues in Engine.IO.
      if (raw) raw.write(frame.frame);
      else socket.conn.write(frame.packet);
      written++;
    }
    return { written, skipped };
  }
}
