import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric a node exports, in its own registry (one per server: tests run several in one process). */
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The node's Prometheus metrics: the process's own (event-loop lag, heap, GC, handles) and
 * Bourse's. Gauges whose value lives elsewhere (database pool, price sources, sockets) are read at
 * scrape time through `onScrape`, so nothing is kept twice.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bourse_' });
  const scrapers: (() => void)[] = [];
  const metrics = {
    registry,
    httpRequests: new Counter({ name: 'bourse_http_requests_total', help: 'HTTP requests answered, by route, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] }),
    httpDuration: new Histogram({
      name: 'bourse_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route and method',
      labelNames: ['route', 'method'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    orders: new Counter({ name: 'bourse_orders_total', help: 'Orders placed, by outcome (opened, pending, refused, failed)', labelNames: ['outcome'], registers: [registry] }),
    jobRuns: new Counter({ name: 'bourse_job_runs_total', help: 'Background job runs, by job and outcome', labelNames: ['job', 'outcome'], registers: [registry] }),
    jobDuration: new Histogram({ name: 'bourse_job_duration_seconds', help: 'Background job run time, by job', labelNames: ['job'], buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60], registers: [registry] }),
    leasesHeld: new Gauge({ name: 'bourse_worker_leases_held', help: 'Worker leases this node holds (1 while it runs the singletons)', labelNames: ['lease'], registers: [registry] }),
    leaseTakeovers: new Counter({ name: 'bourse_worker_lease_takeovers_total', help: 'Times this node took a worker lease and started the singletons', labelNames: ['lease'], registers: [registry] }),
    leaseLosses: new Counter({ name: 'bourse_worker_lease_losses_total', help: 'Times this node stopped its singletons because it could not renew its lease in time', labelNames: ['lease'], registers: [registry] }),
    ledgerUnbalanced: new Gauge({ name: 'bourse_ledger_unbalanced_accounts', help: 'Accounts whose balance differs from the sum of their journal at the last ledger check', registers: [registry] }),
    ledgerNegative: new Gauge({ name: 'bourse_ledger_negative_live_balances', help: 'Live accounts with a balance below zero at the last ledger check', registers: [registry] }),
    ledgerCheckedAt: new Gauge({ name: 'bourse_ledger_checked_timestamp_seconds', help: 'When the last ledger check finished', registers: [registry] }),
    dbQueryDuration: new Histogram({
      name: 'bourse_db_query_duration_seconds',
      help: 'Time from sending a statement to PostgreSQL to its answer (the pool wait not included)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    redisConnected: new Gauge({ name: 'bourse_redis_connected', help: "This node's Redis connections are up (1) or not (0), by client (events: private channels, prices: the price stream)", labelNames: ['client'], registers: [registry] }),
    redisPublishDuration: new Histogram({
      name: 'bourse_redis_publish_duration_seconds',
      help: 'Time for Redis to acknowledge a publish, by client (events: private channels across nodes)',
      labelNames: ['client'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registers: [registry],
    }),
    ticksIn: new Counter({ name: 'bourse_ticks_in_total', help: 'Price ticks taken in, by source (simulator, feeds: outside sources, peers: from the worker over Redis)', labelNames: ['source'], registers: [registry] }),
    ticksOut: new Counter({
      name: 'bourse_ticks_out_total',
      help: "Instrument prices sent out, by channel (batch: one frame to every batch subscriber, update: a room's event, peers: to the other nodes)",
      labelNames: ['channel'],
      registers: [registry],
    }),
    fanoutFrames: new Counter({
      name: 'bourse_fanout_frames_total',
      help: 'Frames written to client connections, by channel (prices, private) and result (written, skipped: a connection too far behind)',
      labelNames: ['channel', 'result'],
      registers: [registry],
    }),
    fanoutLag: new Histogram({
      name: 'bourse_fanout_lag_seconds',
      help: 'Age of the oldest price in a batch frame when it is written: coalescing, the hop from the worker and the event loop',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    triggerEvaluations: new Counter({ name: 'bourse_trigger_evaluations_total', help: "Quotes the risk engine checked an instrument's triggers against", registers: [registry] }),
    triggersFired: new Counter({ name: 'bourse_triggers_fired_total', help: 'Triggers the risk engine found crossed, by kind (tp, sl, entry, trail, stopout)', labelNames: ['kind'], registers: [registry] }),
    robotsRunning: new Gauge({ name: 'bourse_robots_running', help: 'Robots running at the last pass of the worker, by kind (expert_advisor, auto_trader)', labelNames: ['kind'], registers: [registry] }),
    /** Reads values that live elsewhere just before each scrape. */
    onScrape(read: () => void): void {
      scrapers.push(read);
    },
    /** The exposition text, gauges read first. */
    async text(): Promise<string> {
      for (const read of scrapers) read();
      return registry.metrics();
    },
  };
  return metrics;
}

/** A gauge with labels whose values are all set again at each scrape (stale label sets dropped). */
export function scrapedGauge(metrics: Metrics, name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, value: number) => void) => void): void {
  const gauge = new Gauge({ name, help, labelNames, registers: [metrics.registry] });
  metrics.onScrape(() => {
    gauge.reset();
    read((labels, value) => gauge.set(labels, value));
  });
}
