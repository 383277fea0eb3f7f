import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// The names the server shares (a relative path: the config loader bundles it instead of asking Node to run TypeScript).
import { WEB_BUILD } from '../../packages/contract/src/web-build.ts';

// The dev server proxies the API and the uploads to the Fastify server (SERVER_PORT, default 3000).
const serverPort = process.env.SERVER_PORT ?? process.env.PORT_SERVER ?? '3000';
const target = `http://127.0.0.1:${serverPort}`;

/**
 * Inlines the entry stylesheet (only the @font-face rules, ~1 KB) into index.html so it does not
 * block the first paint with a request of its own. The server's CSP allows inline styles.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'sendero-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      let source = String(html.source);
      for (const [fileName, asset] of Object.entries(bundle)) {
        if (asset.type !== 'asset' || !fileName.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
        if (link.test(source)) source = source.replace(link, () => `<style>${String(asset.source)}</style>`);
      }
      html.source = source;
    },
  };
}

/**
 * The installable app (docs/product.md#saved): /manifest.webmanifest (linked from index.html) and
 * /sw.js built from src/sw/sw.ts with the list of every built file to precache. The page registers
 * the worker itself after load (src/lib/register-sw.ts), so nothing is injected into the first bundle.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Sendero',
    short_name: 'Sendero',
    description: 'Destinos de trekking verificados a pocas horas de tu ciudad, también sin conexión.',
    lang: 'es',
    start_url: '/buscar-destino',
    scope: '/',
    display: 'standalone',
    theme_color: '#9f2dc7',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest}'],
  },
  devOptions: { enabled: false },
});

/**
 * The dev server answers every route with index.html as it is; the built server marks non-landing
 * pages so the static shell shows instead of the landing's static hero (apps/server/src/plugins/web.ts).
 */
function pageShellInDev(): Plugin {
  return {
    name: 'sendero-dev-page-shell',
    apply: 'serve',
    transformIndexHtml(html, ctx) {
      const path = (ctx.originalUrl ?? '/').split('?')[0];
      return path === '/' || path === '/index.html' ? html : html.replace(/(<\/head>\s*)<body>/, `$1<body class="${WEB_BUILD.pageClass}">`);
    },
  };
}

/**
 * MUI's createTheme and ThemeProvider also carry its CSS-variables mode (createThemeWithVars,
 * CssVarsProvider: ~23 KB minified, ~7 KB gzip of the landing's first bundle) even when, as here, the
 * theme has no `cssVariables` (src/lib/theme.ts). Those two modules are replaced at build time by
 * stubs that fail loudly if that mode is ever turned on (docs/decisions/027-landing-javascript-budget.md).
 */
const MUI_CSS_VARS_MODULES: Record<string, string> = {
  './createThemeWithVars.mjs': 'export default function createThemeWithVars() { throw new Error(OFF); }',
  './ThemeProviderWithVars.mjs': [
    'const fail = () => { throw new Error(OFF); };',
    'export const CssVarsProvider = fail, Experimental_CssVarsProvider = fail, useColorScheme = fail, getInitColorSchemeScript = fail;',
  ].join('\n'),
};
function muiWithoutCssVars(): Plugin {
  const prefix = '\0sendero-mui-no-css-vars:';
  const off = "const OFF = 'MUI CSS theme variables are left out of the build (apps/web/vite.config.ts)';";
  return {
    name: 'sendero-mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return null;
      return source in MUI_CSS_VARS_MODULES ? prefix + source : null;
    },
    load(id) {
      return id.startsWith(prefix) ? `${off}\n${MUI_CSS_VARS_MODULES[id.slice(prefix.length)]}` : null;
    },
  };
}

const webRoot = dirname(fileURLToPath(import.meta.url));

/**
 * The app (src/main.tsx), which the page's entry script (src/boot/entry.ts, in index.html) imports once
 * the page's first paint is on screen (docs/decisions/032-app-code-after-the-first-paint.md); the entry and
 * the few modules it needs before that stay out of the app's chunk.
 */
const APP_ENTRY = 'src/main.tsx';
const BOOT_MODULES = /[\\/]index\.html(\?.*)?$|[\\/]src[\\/]boot[\\/]entry\.ts$|[\\/]assets[\\/]fonts[\\/]fonts\.css$|vite[\\/]preload-helper|vite[\\/]modulepreload-polyfill/;

/**
 * The app's first chunk, cut in the stages src/boot/entry.ts imports one task after another (decision 034): a
 * single ~520 KB chunk was one long task of evaluation after the first paint.
 */
const APP_STAGES = {
  react: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  styles: /[\\/]node_modules[\\/](@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@babel[\\/]runtime|clsx|react-is|hoist-non-react-statics|prop-types)[\\/]/,
  mui: /[\\/]node_modules[\\/](@mui|react-transition-group|@popperjs)[\\/]/,
  vendor: /[\\/]node_modules[\\/]/,
  // Our code that the screens share: the contract's texts and constants, src/lib, src/config, src/components.
  base: /[\\/]packages[\\/]contract[\\/]|[\\/]apps[\\/]web[\\/]src[\\/](lib|config|components)[\\/]/,
};

// react-router's package exports point every condition at its development build (dev warnings
// on); production builds use its production build instead.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * `vite build --ssr` (scripts/build.mjs): the server's renderer of the signed-in screens
 * (src/boot/serve-render.tsx, WEB_BUILD.ssrEntry) for Node, one self-contained module tree. Same aliases and MUI stubs as the app, so it renders the markup the app hydrates.
 */
const ssrConfig = (): UserConfig => ({
  plugins: [muiWithoutCssVars(), react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
    ],
  },
  // Everything bundled, with React's production builds: the server runs with any NODE_ENV.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: 'src/boot/serve-render.tsx', emptyOutDir: true, target: 'node20', copyPublicDir: false },
});

export default defineConfig(({ command, isSsrBuild }) => isSsrBuild ? ssrConfig() : ({
  plugins: [muiWithoutCssVars(), react(), inlineEntryCss(), pageShellInDev(), pwa],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') }] : []),
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/uploads': { target, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: what each entry and chunk imports, read by scripts/prerender.mjs (each
    // page's preload tags, src/boot/preloads.ts) and scripts/check-budget.ts (the landing's JavaScript
    // budget). Served like any built file: it names only public chunks.
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    // The first chunk holds everything the landing needs (~520 KB minified, ~165 KB gzip); its
    // budget is the 170 KB gzip that bench:web checks, not Vite's 500 KB-minified default warning.
    chunkSizeWarningLimit: 640,
    rolldownOptions: {
      // index.html loads src/boot/entry.ts, which imports main.tsx after the first paint; main.tsx is an entry
      // too so that what it needs at start is one chunk ('app' below), as when it was the page's entry.
      input: { index: join(webRoot, 'index.html'), main: join(webRoot, APP_ENTRY) },
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the first screen needs (the landing is not lazy) in six chunks, one per stage
            // of its evaluation, instead of a dozen small shared chunks, which compress worse and cost a
            // request each (~172 KB gzip split that way; landing budget: 170 KB). Other screens stay lazy.
            // The page's entry (src/boot/entry.ts) and what it needs stay on their own: they run before the
            // first paint. The app imports Vite's preload helper from there.
            { name: 'boot', test: BOOT_MODULES, priority: 7 },
            // The app's start is evaluated in stages, each a task of its own (src/boot/entry.ts, decision 034):
            // React, then MUI and emotion, then the other libraries, then our shared code, then the rest.
            { name: 'react', tags: ['$initial'], test: APP_STAGES.react, priority: 6 },
            { name: 'styles', tags: ['$initial'], test: APP_STAGES.styles, priority: 5 },
            { name: 'mui', tags: ['$initial'], test: APP_STAGES.mui, priority: 4 },
            { name: 'vendor', tags: ['$initial'], test: APP_STAGES.vendor, priority: 3 },
            { name: 'base', tags: ['$initial'], test: APP_STAGES.base, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id: string) => !BOOT_MODULES.test(id), priority: 1 },
          ],
        },
      },
    },
  },
}));
