import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/** A server stopped as the storefront's and the back office's are, in a process of its own (the stop exits it). */
const SERVER = `
import express from 'express';
import { createGracefulStop } from '@shop/web-server/graceful-stop';
const stopping = createGracefulStop();
const app = express();
app.use(stopping.closeWhenDraining);
app.get('/', (_request, response) => response.send(stopping.draining() ? 'stopping' : 'running'));
const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));
stopping.onSignals(server);
`;
// Where express and the package resolve as they do for the back office.
const appFolder = fileURLToPath(new URL('../../../apps/back-office', import.meta.url));

const get = (port: number, agent: http.Agent) =>
  new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body, connection: response.headers.connection }));
      })
      .on('error', reject);
  });

/** Starts the server; its port. */
async function started(server: ReturnType<typeof spawn>): Promise<number> {
  const [chunk] = await once(server.stdout!, 'data');
  return Number(String(chunk).trim());
}

test('a stopping server answers a request sent on an idle kept-alive connection, closes it, then exits', async () => {
  const server = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { cwd: appFolder, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(server, 'exit');
  try {
    const port = await started(server);
    const visitor = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, visitor)).toEqual({ status: 200, body: 'running', connection: 'keep-alive' });

    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The visitor's connection was idle when the stop began: http.Server's close would have closed it at once, and
    // this request, already on its way, would fail.
    expect(await get(port, visitor)).toEqual({ status: 200, body: 'stopping', connection: 'close' });
    // No new connection is taken any more (the supervisor's other process has the port).
    await expect(get(port, new http.Agent())).rejects.toThrow(/ECONNREFUSED/);
    expect(await exited).toEqual([0, null]);
  } finally {
    server.kill('SIGKILL');
  }
});

test('a stopping server keeps an idle connection as long as its Keep-Alive hint said: a client heeding it is never cut off mid-request', async () => {
  const server = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { cwd: appFolder, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(server, 'exit');
  try {
    const port = await started(server);
    // fetch (undici) keeps the connection for the hint less a second.
    const first = await fetch(`http://127.0.0.1:${port}/`);
    expect([await first.text(), first.headers.get('keep-alive')]).toEqual(['running', 'timeout=5']);

    server.kill('SIGTERM');
    // Past a grace shorter than the hint (it was one second), the connection would be closed now; a request sent as
    // it closed failed, and one sent after it opens a new connection, refused here (no other process takes the port).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const during = await fetch(`http://127.0.0.1:${port}/`);
    expect([await during.text(), during.headers.get('connection')]).toEqual(['stopping', 'close']);
    expect(await exited).toEqual([0, null]);
  } finally {
    server.kill('SIGKILL');
  }
});
