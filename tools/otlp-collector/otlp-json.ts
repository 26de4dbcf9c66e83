// The OTLP/JSON encoding of a trace export (ExportTraceServiceRequest, as the OpenTelemetry
// protocol's JSON mapping defines it and @opentelemetry/exporter-trace-otlp-http sends it),
// flattened to one record per span.

type AnyValue = { stringValue?: string; boolValue?: boolean; intValue?: number | string; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value?: AnyValue };
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind?: number; startTimeUnixNano: string | number; endTimeUnixNano: string | number; attributes?: KeyValue[]; status?: { code?: number } };
export type TraceExport = { resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[] }[] };

export type Value = string | number | boolean | Value[] | null;
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** null for a trace's root span. */
  parentSpanId: string | null;
  name: string;
  /** SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  scope: string;
  startNs: string;
  endNs: string;
  statusCode: number;
  attributes: Record<string, Value>;
  resource: Record<string, Value>;
};

function plain(v: AnyValue | undefined): Value {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(plain);
  return null;
}

const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, plain(kv.value)]));

/** Every span of an export with its resource's and scope's names; throws on a body that is not an export. */
export function spansOf(body: TraceExport): ReceivedSpan[] {
  if (!Array.isArray(body.resourceSpans)) throw new Error('not an ExportTraceServiceRequest: no resourceSpans');
  return body.resourceSpans.flatMap((rs) => {
    const resource = attributesOf(rs.resource?.attributes);
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId || null,
        name: s.name,
        kind: s.kind ?? 0,
        scope: ss.scope?.name ?? '',
        startNs: String(s.startTimeUnixNano),
        endNs: String(s.endTimeUnixNano),
        statusCode: s.status?.code ?? 0,
        attributes: attributesOf(s.attributes),
        resource,
      })),
    );
  });
}
