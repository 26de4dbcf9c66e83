declare global {
  interface Window {
    __benchStats: { start(): void; stop(): { frames: number[]; longTasks: number[] } };
  }
}

/**
 * In-page collectors, run before the page's own scripts (`page.addInitScript`): requestAnimationFrame
 * timestamps and long tasks (PerformanceObserver), recorded between `__benchStats.start()` and `stop()`.
 */
function installFrameCollector() {
  const frames: number[] = [];
  const longTasks: number[] = [];
  let recording = false;
  new PerformanceObserver((list) => {
    if (recording) for (const e of list.getEntries()) longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
  const loop = (t: number) => {
    if (recording) frames.push(t);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  window.__benchStats = {
    start() {
      frames.length = 0;
      longTasks.length = 0;
      recording = true;
    },
    stop() {
      recording = false;
      return { frames: [...frames], longTasks: [...longTasks] };
    },
  };
}

installFrameCollector();

export {};
