import { register } from 'node:module';
import { hostname } from 'node:os';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { getRPCMetadata, RPCType, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { StartedTracing } from './tracing.ts';

/** Long-lived or scraped paths: a websocket's span would last as long as the socket, a probe's is noise. */
const UNTRACED_PATHS = /^\/(socket\.io\/|app\/|metrics|livez|readyz)/;

/** service.name, the node's role and which process it is; OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME still win. */
function resourceOf(env: NodeJS.ProcessEnv) {
  const port = env.PORT && env.PORT !== '0' ? env.PORT : `pid${process.pid}`;
  return resourceFromAttributes({
    'service.name': 'bourse',
    'service.instance.id': `${hostname()}:${port}`,
    'bourse.node.role': env.RUN_WORKERS === 'false' ? 'api' : 'worker',
  }).merge(detectResources({ detectors: [envDetector] }));
}

/** The OTLP/HTTP exporter reads its endpoint, headers and timeout from the standard variables. */
function processorOf(env: NodeJS.ProcessEnv) {
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  return new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), ...(Number.isFinite(delay) && delay > 0 ? { scheduledDelayMillis: delay } : {}) });
}

/**
 * Instrumentation that records no secret: no request or response headers (no authorization, no
 * cookie), no SQL parameter values, only the name of each Redis command (its arguments are keys
 * and payloads). Database and Redis calls outside a request or a span of ours (the pool's
 * keep-alives, the fan-out's subscriptions) start no trace of their own.
 */
function instrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
      requireParentforOutgoingSpans: true,
      headersToSpanAttributes: { server: { requestHeaders: [], responseHeaders: [] }, client: { requestHeaders: [], responseHeaders: [] } },
    }),
    // Waits for a pooled connection are in the metrics (pool use); a span each would double the query spans.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true, ignoreConnectSpans: true }),
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/** Starts the SDK: context across awaits, W3C propagation, the instrumentations, OTLP export. */
export async function startTracing(env: NodeJS.ProcessEnv): Promise<StartedTracing> {
  // The server's modules are ES modules: their imports of pg and ioredis are patched by this loader hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const provider = new TracerProvider({ resource: resourceOf(env), spanProcessors: [processorOf(env)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({ tracerProvider: provider, instrumentations: instrumentations() });
  return {
    // The HTTP span is named by the route that matched ("POST /api/v1/trades/store"), not the raw URL.
    nameServerSpan(request) {
      const metadata = getRPCMetadata(context.active());
      if (metadata?.type === RPCType.HTTP && request.routeOptions.url) metadata.route = request.routeOptions.url;
    },
    shutdown: () => provider.shutdown(),
  };
}
