// What the API benches share: a deterministic stream of numbers, latencies measured from concurrent clients, and
// their report line.

/**
 * A deterministic stream of numbers, so that two runs ask the same things. The high bits of the generator: its
 * low bits repeat with short periods (the lowest one alternates), which made the first pick of a call the same
 * call after call.
 */
export function sequence(seed) {
  let state = seed;
  return (max) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * max);
  };
}

/** Runs `next()`'s calls (each made by `call`, answering its time in ms) from `clients` loops for `seconds`; returns latencies in ms, sorted. */
export async function measure({ seconds, clients }, next, call) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) latencies.push(await call(...next()));
    }),
  );
  return latencies.sort((a, b) => a - b);
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** One scenario's line: calls per second, p50, p95, p99. */
export function reportLine(name, latencies, seconds) {
  const rate = latencies.length / seconds;
  return `${name.padEnd(48)} ${rate.toFixed(0).padStart(7)}  ${percentile(latencies, 50).toFixed(1).padStart(7)}  ${percentile(latencies, 95).toFixed(1).padStart(7)}  ${percentile(latencies, 99).toFixed(1).padStart(7)}`;
}
