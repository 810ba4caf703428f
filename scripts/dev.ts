/** `npm run dev`: the API with file watching on API_PORT (5001) and Vite with HMR on PORT (5000). */
import { spawn } from 'node:child_process';
import pinoPretty from 'pino-pretty';

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    // The server writes JSON log lines (the production format); here they are made readable.
    stdio: ['inherit', 'pipe', 'inherit'],
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
children[0].stdout?.pipe(pinoPretty({ ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' }));
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
