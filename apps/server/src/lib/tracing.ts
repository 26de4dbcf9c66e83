import { type Attributes, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';

/**
 * Tracing is off unless an OTLP endpoint is configured (the standard OpenTelemetry variables), and
 * OTEL_SDK_DISABLED=true turns it off even then. Off, the SDK is never imported: the spans below go
 * to the API's no-op tracer.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** What a started SDK gives the server: a hook naming the HTTP span by route, and a final flush. */
export type StartedTracing = { nameServerSpan(request: FastifyRequest): void; shutdown(): Promise<void> };

let started: StartedTracing | null = null;

/**
 * Starts the SDK when configured. It patches http, pg and ioredis as they are loaded, so it must run
 * before anything imports them: `main.ts` calls it first and imports the server after.
 */
export async function startTracingIfConfigured(env: NodeJS.ProcessEnv): Promise<void> {
  if (!tracingConfigured(env) || started) return;
  const { startTracing } = await import('./tracing-sdk.ts');
  started = await startTracing(env);
}

/** The running SDK, or null when tracing is off. */
export const activeTracing = (): StartedTracing | null => started;

/** Sends the spans still buffered; a stopping node calls it last. */
export async function stopTracing(): Promise<void> {
  await started?.shutdown();
  started = null;
}

const tracer = trace.getTracer('bourse');

/**
 * Runs `work` in a span of its own, the parent of any span (pg, Redis, another of these) started
 * inside it. A failure marks the span and is thrown on. Attributes must never carry secrets or
 * personal data: ids and kinds only.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
