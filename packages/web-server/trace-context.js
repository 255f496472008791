// @ts-check
// A request's trace, carried from one thread to another (the storefront's server thread hands pages to render threads,
// apps/storefront/render-threads.js): the W3C headers of the active trace, and work run within the trace they carry.
// Without the tracing module loaded (./tracing.js), @opentelemetry/api's no-op propagator makes both free.
import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';

/** The active trace as the headers that carry it (`traceparent`, `tracestate`); empty when nothing is traced. */
export function traceHeaders() {
  /** @type {Record<string, string>} */
  const carrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs `work` within the trace `carrier` names, so that the calls it makes are that trace's spans.
 * @template T
 * @param {Record<string, string>} carrier
 * @param {() => T} work
 * @returns {T}
 */
export function inTrace(carrier, work) {
  return context.with(propagation.extract(ROOT_CONTEXT, carrier), work);
}
