import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { LANDING_PRERENDER_FILE, type LandingPrerender } from './src/shared/landing-page.ts';
import { SIGN_IN_PAGE_FILE, SIGN_IN_PRERENDER_ATTRIBUTE } from './src/shared/sign-in-page.ts';

const root = path.resolve(import.meta.dirname, 'src/client');

/** In dev, /landing/{code} and /auth get their own entries, as the server does in production. */
function landingEntryInDev(): Plugin {
  return {
    name: 'landing-entry-in-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/landing/')) req.url = '/landing.html';
        else if (req.url?.split('?')[0] === '/auth') req.url = `/${SIGN_IN_PAGE_FILE}`;
        next();
      });
    },
  };
}

/**
 * The back-office's loading screen, rendered into index.html at build time: a phone sees it as
 * soon as the HTML and CSS arrive instead of a blank page until the JS has loaded and run
 * (docs/primo-caricamento.md). React replaces it on its first render.
 */
function loadingScreenInHtml(): Plugin {
  return {
    name: 'loading-screen-in-html',
    async transformIndexHtml(html, ctx) {
      if (path.basename(ctx.filename) !== 'index.html') return html;
      const [{ createElement }, { renderToStaticMarkup }, { LoadingScreen }] = await Promise.all([
        import('react'),
        import('react-dom/server'),
        import('./src/client/backoffice/app/routes/loading.tsx'),
      ]);
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error(`index.html senza ${root}`);
      return html.replace(root, `<div id="root">${renderToStaticMarkup(createElement(LoadingScreen))}</div>`);
    },
  };
}

/**
 * The landing's first step, rendered by React at build time into landing-prerender.json beside
 * the build: the server fills in the shop's name and sends it as the page, so a phone paints the
 * step before any JavaScript has arrived, and the browser hydrates it
 * (docs/product/landing.md#primo-caricamento). Rendered through Vite's SSR loader, which
 * resolves the app's imports (CSS included) as the client build does.
 */
function landingPrerender(): Plugin {
  return {
    name: 'landing-prerender',
    apply: 'build',
    async generateBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { prerenderLanding } = (await server.ssrLoadModule('/landing/prerender.tsx')) as {
          prerenderLanding: () => LandingPrerender;
        };
        this.emitFile({
          type: 'asset',
          fileName: LANDING_PRERENDER_FILE,
          source: JSON.stringify(prerenderLanding()),
        });
      } finally {
        await server.close();
      }
    },
  };
}

/** A module of the client loaded through Vite's SSR loader, which resolves the app's imports (CSS included) as the client build does. */
async function loadForPrerender<T>(modulePath: string): Promise<{ module: T; close: () => Promise<void> }> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return { module: (await server.ssrLoadModule(modulePath)) as T, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * The sign-in page (auth.html, its own entry: the form, not the back-office) with the form rendered
 * by React at build time in its root. The server sends it for /auth, so a phone paints the form
 * before any JavaScript arrives, and the browser hydrates it (docs/primo-caricamento.md).
 */
function signInPrerender(): Plugin {
  return {
    name: 'sign-in-prerender',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle[SIGN_IN_PAGE_FILE];
        if (page?.type !== 'asset') throw new Error(`${SIGN_IN_PAGE_FILE} non trovato nel bundle`);
        const { module, close } = await loadForPrerender<{ prerenderSignIn: () => string }>(
          '/backoffice/prerender.tsx',
        );
        let markup: string;
        try {
          markup = module.prerenderSignIn();
        } finally {
          await close();
        }
        const html = String(page.source);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`${SIGN_IN_PAGE_FILE} senza ${root}`);
        page.source = html.replace(
          root,
          () => `<div id="root" ${SIGN_IN_PRERENDER_ATTRIBUTE}>${markup}</div>`,
        );
      },
    },
  };
}

/**
 * The page's scripts fetched at low priority (`fetchpriority="low"`): the HTML already shows the
 * page, its scripts make it answer. On a phone the browser fetches the HTML and paints before
 * they take the connection (docs/primo-caricamento.md). In the HTML there is only
 * each page's entry, a loader that fetches the app once the page has painted.
 */
function lowPriorityScripts(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin /g,
    '<$1 fetchpriority="low" crossorigin ',
  );
}

/**
 * Each page's own stylesheet written into its HTML as a <style>: the first paint waits for no
 * second request, which on a phone on 4G is one round trip or more before anything shows
 * (docs/primo-caricamento.md). A `disabled` link to the same file stays beside it:
 * browsers do not fetch a disabled stylesheet, and Vite's loader of a later chunk that lists this
 * file among its dependencies finds it already on the page instead of adding it a second time.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return lowPriorityScripts(html).replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (_link, fileName: string) => {
            const asset = ctx.bundle?.[fileName];
            if (asset?.type !== 'asset') throw new Error(`CSS ${fileName} non trovato nel bundle`);
            const css = String(asset.source);
            if (/<\/style/i.test(css)) throw new Error(`${fileName} contiene </style>`);
            return `<style>${css}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the build, compressed
 * once at the highest level, which the server sends as is to a client that accepts them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
        if (entry.name === LANDING_PRERENDER_FILE) continue;
        const file = path.join(entry.parentPath, entry.name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * A chunk made only of installed packages is named after them (`wouter`, `radix-ui`, `tanstack`;
 * a scoped package by its scope): Rolldown would name it after one of its files (`dist`, `index`,
 * once react-dom `logo`). A chunk of a group above, or with the app's own code, keeps its name.
 */
function libraryChunkName(chunk: { name: string; moduleIds: string[] }): string {
  const packages = new Set<string>();
  for (const id of chunk.moduleIds) {
    const installed = /node_modules[\\/](@[^\\/]+|[^\\/]+)/.exec(id);
    if (!installed) return 'assets/[name]-[hash].js';
    packages.add(installed[1].replace(/^@/, ''));
  }
  if (packages.size === 0 || packages.has(chunk.name)) return 'assets/[name]-[hash].js';
  return `assets/${[...packages].slice(0, 2).join('+')}${packages.size > 2 ? '+altri' : ''}-[hash].js`;
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    tailwindcss(),
    landingEntryInDev(),
    loadingScreenInHtml(),
    landingPrerender(),
    inlineEntryCss(),
    signInPrerender(),
    precompress(),
  ],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        index: path.join(root, 'index.html'),
        landing: path.join(root, 'landing.html'),
        auth: path.join(root, SIGN_IN_PAGE_FILE),
      },
      output: {
        // Shared libraries in chunks named after them: left to itself Rolldown names a shared
        // chunk after one of its modules (react-dom was `logo-*.js`). react-dom apart from React,
        // so the entries can load it beside their app and each is evaluated in a task of its own
        // (docs/primo-caricamento.md).
        chunkFileNames: libraryChunkName,
        codeSplitting: {
          groups: [
            // React first: a group takes the modules its own depend on, and react-dom's include React.
            { name: 'react', test: /node_modules[\\/]react[\\/]/, priority: 2 },
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 5001}` },
  },
});
