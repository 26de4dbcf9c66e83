import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { IFixMsgStoreRecord, IFixSessionStore, SessionId } from 'jspurefix';

/** Numbers taken from received messages are written at most this often. */
const RECEIVED_WRITE_MS = 1000;

const stores = new Map<string, FixSeqNumStore>();

/**
 * The one store of a session's file in this process. A source replaced by an edit of the
 * configuration logs out while its successor logs on; sharing the numbers keeps the two in step.
 */
export function seqNumStore(sessionId: SessionId, dir: string, onError?: (err: Error) => void): FixSeqNumStore {
  const store = new FixSeqNumStore(sessionId, dir, onError);
  const existing = stores.get(store.file);
  if (existing) return existing;
  stores.set(store.file, store);
  return store;
}

/**
 * The sequence numbers of one FIX session, kept across connections and restarts in
 * `<dir>/<BeginString>-<Sender>-<Target>.seqnums` (QuickFIX's layout: `sender : target`, the next
 * number each way). A provider refuses a logon numbered below what it has already seen, so a
 * number we send with is written at once; the one we expect to receive moves with every quote and
 * is written once a second, since after a crash the provider simply fills the gap. Messages are not
 * kept: a price feed never replays what it sent (jspurefix answers a resend request with a gap
 * fill), and keeping them would fill a disk.
 */
export class FixSeqNumStore implements IFixSessionStore {
  readonly sessionId: SessionId;
  readonly file: string;
  senderSeqNum = 1;
  targetSeqNum = 1;
  creationTime = new Date();
  private readonly onError: (err: Error) => void;
  private loaded = false;
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirMade: Promise<void> | null = null;

  constructor(sessionId: SessionId, dir: string, onError: (err: Error) => void = () => {}) {
    this.sessionId = sessionId;
    this.file = path.join(dir, `${sessionId.toFilePrefix().replace(/[^\w.-]/g, '_')}.seqnums`);
    this.onError = onError;
  }

  /** Reads the file once: later connections of the same feed go on from the numbers held here. */
  async initialize(): Promise<void> {
    if (this.loaded) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      this.loaded = true;
      return;
    }
    const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(text);
    if (!m) throw new Error(`${this.file} does not hold sequence numbers ("sender : target"); fix or delete it`);
    this.senderSeqNum = Number(m[1]);
    this.targetSeqNum = Number(m[2]);
    this.loaded = true;
  }

  setSenderSeqNum(value: number): Promise<void> {
    this.senderSeqNum = value;
    this.dirty = true;
    return this.flush();
  }

  setTargetSeqNum(value: number): Promise<void> {
    this.targetSeqNum = value;
    this.dirty = true;
    this.writeSoon();
    return Promise.resolve();
  }

  async nextSenderSeqNum(): Promise<number> {
    await this.setSenderSeqNum(this.senderSeqNum + 1);
    return this.senderSeqNum;
  }

  async nextTargetSeqNum(): Promise<number> {
    await this.setTargetSeqNum(this.targetSeqNum + 1);
    return this.targetSeqNum;
  }

  async reset(): Promise<void> {
    this.senderSeqNum = 1;
    this.targetSeqNum = 1;
    this.creationTime = new Date();
    this.dirty = true;
    await this.flush();
  }

  async put(_record: IFixMsgStoreRecord): Promise<void> {}

  async get(_seqNum: number): Promise<IFixMsgStoreRecord | null> {
    return null;
  }

  async getRange(_from: number, _to: number): Promise<IFixMsgStoreRecord[]> {
    return [];
  }

  /** Writes changed numbers now (and waits for it); a write already under way finishes first, so the file never goes back. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const write = this.writing.catch(() => {}).then(() => this.write());
    this.writing = write;
    return write;
  }

  dispose(): Promise<void> {
    return this.flush();
  }

  private writeSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush().catch(this.onError), RECEIVED_WRITE_MS);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    // Numbers never read from the file must not overwrite it.
    if (!this.dirty || !this.loaded) return;
    this.dirty = false;
    const text = `${String(this.senderSeqNum).padStart(20)} : ${String(this.targetSeqNum).padStart(20)}`;
    const temporary = `${this.file}.tmp`;
    try {
      // Made once: every message sent is written, and the directory stays.
      this.dirMade ??= mkdir(path.dirname(this.file), { recursive: true }).then(() => {});
      await this.dirMade.catch((err: Error) => {
        this.dirMade = null;
        throw err;
      });
      await writeFile(temporary, text);
      // A crash mid-write must not leave a torn file that would refuse the next start.
      await rename(temporary, this.file);
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }
}
