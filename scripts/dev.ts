/** `npm run dev`: the API with file watching on API_PORT (5001) and Vite with HMR on PORT (5000). */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
      NODE_ENV: 'development',
    },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
