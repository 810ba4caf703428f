import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, 'src/client');

/** In dev, /landing/{code} gets the landing entry, as the server does in production. */
function landingEntryInDev(): Plugin {
  return {
    name: 'landing-entry-in-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/landing/')) req.url = '/landing.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss(), landingEntryInDev()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        index: path.join(root, 'index.html'),
        landing: path.join(root, 'landing.html'),
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 5001}` },
  },
});
