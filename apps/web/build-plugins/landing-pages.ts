import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SOURCE = 'src/app/landing/landing-intros.tsx';
/** The empty page area of index.html that the landing content fills. */
const MAIN = /(<main id="main"[^>]*>)(<\/main>)/;

/**
 * Writes dist/landing/home.html and dist/landing/track.html: index.html with the page's first screen already
 * in it, rendered from the same React components the pages use (src/app/landing/landing-intros.tsx). The
 * server sends them for a signed-out first visit to / and for /track (apps/server/src/plugins/web-static.ts),
 * so the largest text is painted with the HTML instead of after every script has run.
 */
export function landingPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'hatid-landing-pages',
    apply: 'build',
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
            import { LANDING_CONTENT } from './${SOURCE}';
            export const pages = Object.fromEntries(Object.entries(LANDING_CONTENT).map(([name, content]) => [name, renderToStaticMarkup(content())]));`,
          resolveDir: root,
          loader: 'tsx',
        },
        bundle: true,
        platform: 'node',
        format: 'esm',
        jsx: 'automatic',
        // Packages load from node_modules as they are (react-dom/server is CommonJS, which an ESM bundle cannot require).
        packages: 'external',
        outfile: renderer,
        logLevel: 'error',
      });
      const { pages } = (await import(`${pathToFileURL(renderer).href}?${Date.now()}`)) as { pages: Record<string, string> };
      const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!MAIN.test(shell)) throw new Error('index.html has no empty <main id="main"> for the landing content');
      fs.mkdirSync(path.join(outDir, 'landing'), { recursive: true });
      for (const [name, html] of Object.entries(pages)) {
        fs.writeFileSync(path.join(outDir, 'landing', `${name}.html`), shell.replace(MAIN, (_, open: string, close: string) => `${open}${html}${close}`));
      }
    },
  };
}
