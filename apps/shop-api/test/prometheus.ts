import { expect } from 'vitest';

// A scrape as Prometheus reads it, for the API's and the storefront's metrics tests.

/**
 * A sample line of Prometheus' text format: a name, labels in braces (quoted values), a number. Prometheus reads
 * NaN in any case (prom-client writes `Nan` for an event-loop mean not measured yet).
 */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;

/** The samples of a scrape, keyed by name and labels as written (`name{label="value",…}`); every line must parse. */
export function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const sample = SAMPLE.exec(line);
    expect(sample, `not Prometheus' text format: ${line}`).not.toBeNull();
    samples.set(`${sample![1]}${sample![2] ?? ''}`, Number(sample![3]));
  }
  return samples;
}
