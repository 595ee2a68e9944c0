import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Files under their own fixed names (favicon, flags, box pictures): a day, then the ETag. */
export const SHORT = 'public, max-age=86400';

/**
 * How long a browser may keep a file of the built web app. Vite names everything under /assets/ by its
 * content hash, so those never change under their name: a year, immutable (no revalidation on reload).
 * The HTML names the current hashes and must be asked for again on every visit (no-cache keeps the
 * ETag round trip, so an unchanged page costs a 304).
 */
export function webCacheControl(root: string, filePath: string): string {
  // The pre-compressed variant (.br/.gz) is cached like the file it stands for.
  const file = filePath.replace(/\.(br|gz)$/, '');
  // The service worker names the precached hashes like the HTML does: a browser must see a new one at once.
  if (file.endsWith('.html') || path.basename(file) === 'service-worker.js') return REVALIDATE;
  const relative = path.relative(root, file).split(path.sep);
  return relative[0] === 'assets' ? IMMUTABLE : SHORT;
}

/** The pages a first visit most often lands on, and the source of each one's lazily loaded chunk. */
export const LANDING_CHUNKS: Record<string, string> = {
  '/': 'src/app/pages/home-page.tsx',
  '/track': 'src/features/packages/routes/track-page.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * `Link` headers that start a landing page's own chunks with the HTML: without them the browser finds
 * them only after the entry script has run (a second round trip on a slow phone). Read from Vite's
 * manifest; the entry's own imports are left out (the HTML preloads those already). Empty without a manifest.
 */
export function landingPreloads(root: string): Map<string, string> {
  const links = new Map<string, string>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return links;
  }
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) closure(child, seen);
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const entryKeys = new Set(entries.flatMap((key) => [...closure(key)]));
  // The stylesheet blocks the first paint: it goes first, or a slow phone's six connections are busy with
  // the page's scripts when the HTML asks for it (Lighthouse saw the first paint of /track wait 2 s for it).
  const entryStyles = entries.flatMap((key) => manifest[key]!.css ?? []);
  for (const [route, source] of Object.entries(LANDING_CHUNKS)) {
    const keys = [...closure(source)].filter((key) => !entryKeys.has(key));
    if (keys.length === 0) continue;
    const scripts = keys.map((key) => `</${manifest[key]!.file}>; rel=modulepreload`);
    const styles = [...entryStyles, ...keys.flatMap((key) => manifest[key]!.css ?? [])].map((file) => `</${file}>; rel=preload; as=style`);
    links.set(route, [...styles, ...scripts].join(', '));
  }
  return links;
}

/**
 * Paths whose HTML carries the page's first screen (apps/web/build-plugins/landing-pages.ts writes them):
 * the file under the web root, and whether it is only for visitors without a session (the home page's
 * greeting is the signed-out one; a signed-in visitor gets the plain shell and their own greeting).
 */
export const LANDING_PAGES: Record<string, { file: string; signedOutOnly: boolean }> = {
  '/': { file: 'landing/home.html', signedOutOnly: true },
  '/track': { file: 'landing/track.html', signedOutOnly: false },
};

/** The HTML file to send for a landing path: its own page when it exists and fits the visitor, else the shell. */
export function landingFile(root: string, pathname: string, hasSession: boolean): string {
  const landing = LANDING_PAGES[pathname];
  if (!landing || (landing.signedOutOnly && hasSession)) return 'index.html';
  return fs.existsSync(path.join(root, landing.file)) ? landing.file : 'index.html';
}

/** @fastify/static options for the built web app: pre-compressed variants and the cache policy above. */
export function webStaticOptions(root: string): FastifyStaticOptions {
  const preloads = landingPreloads(root);
  return {
    root,
    wildcard: false,
    // `/` is answered by the landing route (app.ts: landingFile), which picks the shell or the landing HTML.
    index: false,
    // `index.html.br` / `.gz` written at build time (apps/web/build-plugins/precompress.ts), chosen by Accept-Encoding.
    preCompressed: true,
    // Not routes of their own: they are only sent in place of the file they compress.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      const cacheControl = webCacheControl(root, filePath);
      reply.header('cache-control', cacheControl);
      if (cacheControl === REVALIDATE) {
        // Keyed by the path asked for: /track's HTML is the file landing/track.html.
        const link = preloads.get(new URL(reply.request.url, 'http://localhost').pathname);
        if (link) reply.header('link', link);
      }
    },
  };
}
