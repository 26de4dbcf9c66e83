/**
 * Where a drawing's times fall on the chart. The chart places bars by their index (its "logical"
 * position), not by time, so a time becomes an index between the two bars around it, and one past
 * either end of the bars steps on by the interval: a point keeps its place on any interval, in gaps
 * between sessions and in the future a ray points to.
 */
export type TimeAxis = { toLogical(time: number): number; toTime(logical: number): number };

/** The first index whose time is above `time` (times ascending). */
function upperBound(times: readonly number[], time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The axis of bars at `times` (UTC seconds, ascending, at least one) `stepSeconds` apart at most. */
export function timeAxis(times: readonly number[], stepSeconds: number): TimeAxis {
  const first = times[0]!;
  const lastIndex = times.length - 1;
  const last = times[lastIndex]!;
  return {
    toLogical(time) {
      if (time <= first) return (time - first) / stepSeconds;
      if (time >= last) return lastIndex + (time - last) / stepSeconds;
      const i = upperBound(times, time) - 1;
      const from = times[i]!;
      return i + (time - from) / (times[i + 1]! - from);
    },
    toTime(logical) {
      if (logical <= 0) return first + logical * stepSeconds;
      if (logical >= lastIndex) return last + (logical - lastIndex) * stepSeconds;
      const i = Math.floor(logical);
      const from = times[i]!;
      return from + (logical - i) * (times[i + 1]! - from);
    },
  };
}
