// Development: the shop API with reload (tsx watch) and the storefront's Vite dev server, side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/shop-api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/storefront'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '3000' } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
