import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';
import { LANGUAGE_COOKIE, LANGUAGES, requestLanguage, type Language } from '@hatid/domain';

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
  '/track': 'src/features/shipments/routes/track-page.tsx',
  // The sign-in pages (issue 32): where a new customer or rider first meets the app, on a cheap phone.
  '/login': 'src/features/auth/routes/login-page.tsx',
  '/rider/login': 'src/features/riders/routes/rider-login-page.tsx',
};

/**
 * The message catalogues (apps/web/src/locales/<language>/<area>.po) a landing route's first render waits for:
 * the app's own, then the page's area (its withMessages in apps/web/src/app/routes). Preloaded in the visitor's
 * language, or the app would ask for them only once its scripts have run, a round trip each on a slow phone.
 * / and /track are left out: their static pages need no script, nor catalogue, to be read.
 */
export const LANDING_CATALOGUES: Record<string, string[]> = {
  '/login': ['app', 'auth'],
  '/rider/login': ['app', 'riders'],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Vite's build manifest (chunk key → its file, imports and styles), or null when the build has none. */
function viteManifest(root: string): Record<string, ManifestChunk> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
}

/**
 * `Link` headers that start a landing page's own chunks with the HTML: without them the browser finds
 * them only after the entry script has run (a second round trip on a slow phone). Read from Vite's
 * manifest; the entry's own imports are left out (the HTML preloads those already). Empty without a manifest.
 */
export function landingPreloads(root: string): Map<string, string> {
  const links = new Map<string, string>();
  const manifest = viteManifest(root);
  if (!manifest) return links;
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
    // `crossorigin`: Vite's <link rel=stylesheet crossorigin> fetches in CORS mode, and a preload only serves a
    // request of the same mode. Without it Chromium fetched the stylesheet twice ("preload … not used because the
    // request credentials mode does not match") and the first paint of /track waited for the second download.
    const styles = [...entryStyles, ...keys.flatMap((key) => manifest[key]!.css ?? [])].map((file) => `</${file}>; rel=preload; as=style; crossorigin`);
    links.set(route, [...styles, ...scripts].join(', '));
  }
  return links;
}

/**
 * `Link` headers for each landing route's catalogues in each language, keyed `<language> <path>`: the compiled
 * catalogue chunks named in Vite's manifest. Empty without a manifest.
 */
export function cataloguePreloads(root: string): Map<string, string> {
  const links = new Map<string, string>();
  const manifest = viteManifest(root);
  if (!manifest) return links;
  for (const [route, areas] of Object.entries(LANDING_CATALOGUES)) {
    for (const language of LANGUAGES) {
      const files = areas.flatMap((area) => manifest[`src/locales/${language}/${area}.po`]?.file ?? []);
      if (files.length > 0) links.set(`${language} ${route}`, files.map((file) => `</${file}>; rel=modulepreload`).join(', '));
    }
  }
  return links;
}

/**
 * Paths whose HTML carries the page's first screen (apps/web/build-plugins/landing-pages.ts writes them), by
 * visitor. A visitor without a session gets a page that works before any script has run (real links, the track
 * form as a plain GET form) and starts the app on the first interaction; a signed-in visitor's page starts the
 * app at once, since their header and greeting are their own (`/`: the plain shell). A missing file (tests,
 * an older build) falls back to the shell.
 */
export const LANDING_PAGES: Record<string, { signedOut: string; signedIn: string | null }> = {
  '/': { signedOut: 'landing/home.html', signedIn: null },
  '/track': { signedOut: 'landing/track-signed-out.html', signedIn: 'landing/track.html' },
};

/** A landing page in a language: `landing/home.html` is English, `landing/home.fil.html` Filipino (the build writes both). */
export function inLanguage(file: string, language: Language): string {
  return language === 'en' ? file : file.replace(/\.html$/, `.${language}.html`);
}

/**
 * The HTML file to send for a landing path: its own page, in the visitor's language (their cookie, else their
 * browser's Accept-Language: domain `requestLanguage`), when it exists and fits the visitor; else the shell.
 */
export function landingFile(root: string, pathname: string, hasSession: boolean, language: Language = 'en'): string {
  const landing = LANDING_PAGES[pathname];
  const page = landing ? (hasSession ? landing.signedIn : landing.signedOut) : null;
  if (!page) return 'index.html';
  for (const file of [inLanguage(page, language), page]) if (fs.existsSync(path.join(root, file))) return file;
  return 'index.html';
}

/** Whether the file sent for a landing path is its static page (a signed-out visitor's, which works before the app runs). */
function isStaticLanding(root: string, pathname: string, filePath: string): boolean {
  const file = LANDING_PAGES[pathname]?.signedOut;
  // The pre-compressed variant (.br/.gz) stands for the page it compresses; each language's page is static alike.
  const sent = path.resolve(filePath.replace(/\.(br|gz)$/, '')).replace(/\.[a-z]+\.html$/, '.html');
  return file !== undefined && sent === path.resolve(root, file);
}

/**
 * A static landing page runs no script until the person interacts (apps/web/src/main.tsx), so its scripts are
 * fetched as prefetches: at the lowest priority, after what the first paint needs. As modulepreloads (high
 * priority, like a blocking script) they shared a slow phone's bandwidth with the stylesheet and held the first
 * paint back. `crossorigin` matches the module scripts' CORS mode, so the app's import finds them in the cache.
 */
export function asPrefetch(link: string): string {
  return link.replaceAll('; rel=modulepreload', '; rel=prefetch; as=script; crossorigin');
}

/** @fastify/static options for the built web app: pre-compressed variants and the cache policy above. */
export function webStaticOptions(root: string): FastifyStaticOptions {
  const preloads = landingPreloads(root);
  const catalogues = cataloguePreloads(root);
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
        const pathname = new URL(reply.request.url, 'http://localhost').pathname;
        let link = preloads.get(pathname);
        if (link && isStaticLanding(root, pathname, filePath)) link = asPrefetch(link);
        if (LANDING_CATALOGUES[pathname]) {
          // The catalogues are the visitor's language's (their cookie, else their browser's: as the app picks it).
          const { cookies, headers } = reply.request;
          const language = requestLanguage(cookies?.[LANGUAGE_COOKIE], headers['accept-language']);
          const messages = catalogues.get(`${language} ${pathname}`);
          if (messages) link = link ? `${link}, ${messages}` : messages;
          reply.header('vary', 'Accept-Language, Cookie');
        }
        if (link) reply.header('link', link);
      }
    },
  };
}
