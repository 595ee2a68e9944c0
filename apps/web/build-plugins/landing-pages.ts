import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { LINGUI_CONFIG_PATH, linguiMacroBabelOptions, USES_MACROS } from './lingui';

/** The languages a landing page is written in; English keeps the plain file names the server falls back to. */
const LANGUAGES = ['en', 'fil'] as const;
/** The catalogues the landing pages' components use (the shell, the track form, the booking form's first card). */
const LANDING_CATALOGUES = ['app', 'shipments', 'booking'];

/** `landing/home.html` in English, `landing/home.fil.html` in Filipino (apps/server plugins/web-static.ts picks one). */
export const landingFileName = (name: string, language: string) => (language === 'en' ? `${name}.html` : `${name}.${language}.html`);

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The compiled messages of one language, from the .po catalogues, as @lingui/vite-plugin compiles them for the app. */
async function compiledMessages(language: string): Promise<Record<string, unknown>> {
  const config = getConfig({ configPath: LINGUI_CONFIG_PATH });
  const catalogs = await getCatalogs(config);
  const messages: Record<string, unknown> = {};
  for (const catalog of catalogs) {
    if (!LANDING_CATALOGUES.some((name) => catalog.path.endsWith(`/${name}`))) continue;
    const { messages: texts } = await catalog.getTranslations(language, {
      fallbackLocales: config.fallbackLocales ?? {},
      sourceLocale: config.sourceLocale ?? 'en',
    });
    for (const [id, text] of Object.entries(texts)) messages[id] = compileMessage(text ?? '');
  }
  return messages;
}

const SOURCE = 'src/app/landing/landing-pages.tsx';
/** The empty page area of index.html that the landing content fills. */
const MAIN = /(<main id="main"[^>]*>)(<\/main>)/;
/** The end of the static header's row (after the brand), where a static page's header links go. */
const HEADER_ROW_END = /(<\/a>)(<\/div><\/header>)/;
/** The app's chunk (main.tsx imports it when the app starts): its files are preloaded by every page. */
const APP_MODULE = 'src/app/boot.tsx';

/**
 * Writes dist/landing/home.html and dist/landing/track.html: index.html with the page's first screen already
 * in it, rendered from the same React components the pages use (src/app/landing/landing-intros.tsx). The
 * server sends them for a signed-out first visit to / and for /track (apps/server/src/plugins/web-static.ts),
 * so the largest text is painted with the HTML instead of after every script has run. A page with header links
 * (the signed-out ones) is marked `data-landing="static"` on #root: main.tsx starts the app there on the first
 * interaction instead of at once.
 *
 * The entry (main.tsx) only imports the app's chunk; `transformIndexHtml` adds `modulepreload` links for that
 * chunk and its imports to index.html, so every page still downloads the app with the HTML, as when the entry
 * imported it directly.
 */
export function landingPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'hatid-landing-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        // The chunk holding it (vite.config.ts groups it with what it shares with the pages: chunk "app").
        const app = Object.values(bundle).find((file) => file.type === 'chunk' && file.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(APP_MODULE)));
        if (app?.type !== 'chunk') throw new Error(`${APP_MODULE} is in no chunk`);
        // The chunk and what it imports statically, minus what the entry already loads.
        const files = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk' || files.has(name)) return;
          files.add(name);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        if (ctx.chunk) for (const name of [ctx.chunk.fileName, ...ctx.chunk.imports]) files.delete(name);
        // data-app: the static landing pages turn these (and only these: the entry's own imports stay) into prefetches.
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app': true },
          injectTo: 'head' as const,
        }));
      },
    },
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle runs before any plugin's closeBundle, so precompress() also compresses these files.
    async writeBundle() {
      const renderer = path.join(root, 'node_modules', '.landing', 'render.mjs');
      await build({
        stdin: {
          contents: `import { renderToStaticMarkup } from 'react-dom/server';
            import { createElement } from 'react';
            import { i18n } from '@lingui/core';
            import { I18nProvider } from '@lingui/react';
            import { LANDING_PAGES, SHELL_TEXTS } from './${SOURCE}';
            export function render(language, messages) {
              i18n.load(language, messages);
              i18n.activate(language);
              const html = (node) => renderToStaticMarkup(createElement(I18nProvider, { i18n }, node));
              const brand = i18n._(SHELL_TEXTS.brand);
              const description = i18n._(SHELL_TEXTS.description);
              return Object.fromEntries(Object.entries(LANDING_PAGES).map(([name, page]) => [name, {
                brand,
                description,
                title: i18n._(page.title),
                content: html(page.content()),
                headerLinks: page.headerLinks ? html(page.headerLinks()) : null,
              }]));
            }`,
          resolveDir: root,
          loader: 'tsx',
        },
        bundle: true,
        platform: 'node',
        format: 'esm',
        jsx: 'automatic',
        // Packages load from node_modules as they are (react-dom/server is CommonJS, which an ESM bundle cannot
        // require); the workspace's own (@hatid/domain, TypeScript sources) are bundled.
        plugins: [
          {
            // The same Lingui macros as in the app (build-plugins/lingui.ts), before esbuild reads the TypeScript.
            name: 'lingui-macros',
            setup(b) {
              b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
                const source = fs.readFileSync(args.path, 'utf8');
                if (!USES_MACROS.test(source)) return undefined;
                const result = await transformAsync(source, {
                  filename: args.path,
                  babelrc: false,
                  configFile: false,
                  parserOpts: { plugins: ['typescript', 'jsx'] },
                  ...linguiMacroBabelOptions(),
                });
                return { contents: result?.code ?? source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
              });
            },
          },
          {
            name: 'node-modules-external',
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@hatid/') ? undefined : { path: args.path, external: true }));
            },
          },
        ],
        outfile: renderer,
        logLevel: 'error',
      });
      const { render } = (await import(`${pathToFileURL(renderer).href}?${Date.now()}`)) as {
        render: (
          language: string,
          messages: Record<string, unknown>,
        ) => Record<string, { title: string; brand: string; description: string; content: string; headerLinks: string | null }>;
      };
      const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!MAIN.test(shell)) throw new Error('index.html has no empty <main id="main"> for the landing content');
      if (!HEADER_ROW_END.test(shell)) throw new Error("index.html's static header has no row to put the links in");
      if (!shell.includes('<div id="root">')) throw new Error('index.html has no <div id="root">');
      fs.mkdirSync(path.join(outDir, 'landing'), { recursive: true });
      if (!shell.includes('<title>Hatid</title>')) throw new Error('index.html has no <title>Hatid</title>');
      if (!shell.includes('<html lang="en">')) throw new Error('index.html has no <html lang="en">');
      for (const language of LANGUAGES) {
        const pages = render(language, await compiledMessages(language));
        for (const [name, { title, brand, description, content, headerLinks }] of Object.entries(pages)) {
          let html = shell
            .replace('<html lang="en">', `<html lang="${language}">`)
            .replace('aria-label="Hatid home"', `aria-label="${escapeAttribute(brand)}"`)
            .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttribute(description)}"`)
            .replace('<title>Hatid</title>', `<title>${title}</title>`)
            .replace(MAIN, (_, open: string, close: string) => `${open}${content}${close}`);
          if (headerLinks !== null) {
            html = html
              .replace(HEADER_ROW_END, (_, brandEnd: string, rowEnd: string) => `${brandEnd}${headerLinks}${rowEnd}`)
              .replace('<div id="root">', '<div id="root" data-landing="static">')
              // No script runs here before an interaction (main.tsx): the app's files download as low-priority
              // prefetches instead of competing with the stylesheet for a slow phone's bandwidth. The entry and its
              // own small imports stay as they are (they are what waits for the interaction).
              .replace(/<link rel="modulepreload" crossorigin href="([^"]+)" data-app>/g, '<link rel="prefetch" as="script" crossorigin href="$1" data-app>');
          }
          fs.writeFileSync(path.join(outDir, 'landing', landingFileName(name, language)), html);
        }
      }
    },
  };
}
