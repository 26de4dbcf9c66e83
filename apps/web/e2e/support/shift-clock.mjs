// Preloaded into a server process (node --import) to move its clock by CLOCK_OFFSET_MS: used by the
// browser tests to reach a moment when non-crypto markets are closed.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = ShiftedDate;
