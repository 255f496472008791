// Development: the shop API with reload (tsx watch) and the storefront's Vite dev server, side by side.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

// The same data folder as `npm start`, whichever workspace folder the API runs in.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? resolve('.data'), DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'on' };

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/shop-api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/storefront'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
