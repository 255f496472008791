// @ts-check
// OpenTelemetry traces of the shop's Node processes (storefront → shop API → PostgreSQL), loaded before the process's
// own code with `node --import @shop/web-server/tracing …`: scripts/start.mjs does so for each process when
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) names a collector, and not otherwise, so a
// shop without one loads none of this (docs/adr/0056-traces.md). The exporter reads the standard OTEL_* settings
// (endpoint, headers, OTEL_BSP_* batching); each process's service name is OTEL_SERVICE_NAME, set by the supervisor.
//
// Spans: each request a process answers (HTTP server), each call it makes with fetch (the storefront's calls to the
// API, the API's to the payment gateways), each PostgreSQL query. The trace context travels in `traceparent`.
// No loader hook: the modules patched are Node's own (http), reached through a diagnostics channel (fetch), or
// CommonJS (`pg`, which Node loads through `require` even when an ECMAScript module imports it); a hook would put
// every module the process loads through a second thread (it doubled the storefront's start).
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Health checks and metrics scrapes come every few seconds and say nothing about a shopper's request. */
const QUIET_PATHS = /^\/(health|metrics)(\/|$)/;

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'shop' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();
registerInstrumentations({
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => QUIET_PATHS.test(request.url ?? '') }),
    new UndiciInstrumentation(),
    // Statements only, never their values (a customer's email, a password hash).
    new PgInstrumentation({ enhancedDatabaseReporting: false }),
  ],
});

// A stopping process sends the spans it holds at once: its drain (a second or more) leaves the export time to finish.
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) process.on(signal, () => void provider.forceFlush());
