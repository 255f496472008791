/** Resolves once `url` answers 2xx (a server the benchmark started is up), or fails after about a minute. */
export async function waitFor(url, attempts = 240) {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}
