// `npm run dev`: the API in watch mode on PORT 3001 and Vite with hot reload, proxying to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.API_PORT ?? '3001', CLIENT_DIR: '' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
