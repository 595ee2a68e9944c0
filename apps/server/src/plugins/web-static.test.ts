import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';

// A built web app as Vite and apps/web/build-plugins/precompress.ts leave it: hashed files under
// /assets/ with their .br and .gz beside them, the HTML shell with its own.
const SCRIPT = `export const greeting = ${JSON.stringify('Magandang araw! '.repeat(200))};`;
const HTML = `<!doctype html><html lang="en"><head><title>Hatid</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<!-- shell -->'.repeat(100)}<div id="root"></div></body></html>`;
// apps/web/build-plugins/landing-pages.ts: the shell with a page's first screen in it.
const HOME = HTML.replace('<div id="root"></div>', '<div id="root"><h2>Send parcels anywhere in the Philippines</h2></div>');
const TRACK = HTML.replace('<div id="root"></div>', '<div id="root"><h1>Track a shipment</h1></div>');
// A signed-out visitor's /track: the whole form, usable before the app starts.
const TRACK_SIGNED_OUT = HTML.replace('<div id="root"></div>', '<div id="root" data-landing="static"><form action="/track"></form></div>');
// The same pages in Filipino (landing/<page>.fil.html), <html lang="fil">.
const FIL = (html: string) =>
  html.replace('<html lang="en">', '<html lang="fil">').replace('Send parcels anywhere in the Philippines', 'Magpadala ng parcel kahit saan sa Pilipinas');
const HOME_FIL = FIL(HOME);
const TRACK_SIGNED_OUT_FIL = FIL(TRACK_SIGNED_OUT).replace('<form action="/track">', '<form action="/track" data-fil>');

let web: string;
let site: TestApp;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(web, name), text);
    fs.writeFileSync(path.join(web, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(web, `${name}.gz`), zlib.gzipSync(text));
  };
  write('assets/index-Ab12Cd34.js', SCRIPT);
  write('index.html', HTML);
  fs.mkdirSync(path.join(web, 'landing'));
  write('landing/home.html', HOME);
  write('landing/track.html', TRACK);
  write('landing/track-signed-out.html', TRACK_SIGNED_OUT);
  write('landing/home.fil.html', HOME_FIL);
  write('landing/track-signed-out.fil.html', TRACK_SIGNED_OUT_FIL);
  fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(web, 'service-worker.js'), 'self.addEventListener("push", () => {});');
  // Vite's manifest: the entry (preloaded by the HTML itself) and the home page's lazy chunk with one import.
  fs.mkdirSync(path.join(web, '.vite'));
  fs.writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_framework.js'], css: ['assets/index-Ix12Ix34.css'] },
      '_framework.js': { file: 'assets/framework-Fw12Fw34.js' },
      'src/app/pages/home-page.tsx': {
        file: 'assets/home-page-Hp12Hp34.js',
        isDynamicEntry: true,
        imports: ['_framework.js', '_form.js'],
        css: ['assets/home-page-Css12345.css'],
      },
      '_form.js': { file: 'assets/form-Fo12Fo34.js' },
      // The sign-in page's chunk and the catalogues (compiled .po files) in both languages.
      'src/features/auth/routes/login-page.tsx': { file: 'assets/login-page-Lp12Lp34.js', isDynamicEntry: true, imports: ['_framework.js', '_form.js'] },
      'src/locales/en/app.po': { file: 'assets/app-En12En34.js', isDynamicEntry: true },
      'src/locales/en/auth.po': { file: 'assets/auth-En56En78.js', isDynamicEntry: true },
      'src/locales/fil/app.po': { file: 'assets/app-Fi12Fi34.js', isDynamicEntry: true },
      'src/locales/fil/auth.po': { file: 'assets/auth-Fi56Fi78.js', isDynamicEntry: true },
    }),
  );
  site = await buildTestApp({ demo: false, webDist: web });
});

afterAll(async () => {
  await site?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  site.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends a hashed script brotli-compressed to a browser that takes br, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the service worker no-cache (it names the precached hashes), and fixed-name files for a day', async () => {
    const worker = await get('/service-worker.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends gzip to a browser that takes only gzip, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the HTML shell compressed and no-cache, at every client-side route', async () => {
    for (const url of ['/index.html', '/settings/addresses', '/login']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
    const plain = await get('/settings');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(HTML);
    // A console page whose path starts with the letters "api" is a page; only /api and below are calls.
    expect((await get('/api-keys?status=active')).body).toBe(HTML);
    for (const url of ['/api/nothing-here', '/api', '/api?x=1']) {
      const call = await get(url);
      expect(call.statusCode, url).toBe(404);
      expect(call.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it("sends / and /track with their first screen in the HTML, by visitor; a signed-in visitor's / is the plain shell", async () => {
    const home = await get('/?deliveryType=same_day', 'br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(home.rawPayload).toString()).toBe(HOME);
    const track = await get('/track?trackingNumber=ND12345678XPH', 'gzip');
    expect(track.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(track.rawPayload).toString()).toBe(TRACK_SIGNED_OUT);
    expect((await get('/track')).body).toBe(TRACK_SIGNED_OUT);

    // Someone with a session gets their own greeting from the app, not the signed-out one.
    const signedIn = await site.app.inject({ method: 'GET', url: '/', headers: { cookie: 'hatid_session=abc' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.body).toBe(HTML);
    // Their /track starts the app at once (their own header), with the heading painted by the HTML as before.
    const trackSignedIn = await site.app.inject({ method: 'GET', url: '/track', headers: { cookie: 'hatid_session=abc' } });
    expect(trackSignedIn.body).toBe(TRACK);
  });

  it("sends / and /track in the visitor's language: their cookie first, else their browser's, with <html lang> to match", async () => {
    const page = (url: string, headers: Record<string, string>) => site.app.inject({ method: 'GET', url, headers });
    // A first visit follows the browser: Filipino (or Tagalog) first gets the Filipino page.
    const filipino = await page('/', { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' });
    expect(filipino.body).toBe(HOME_FIL);
    expect(filipino.body).toContain('<html lang="fil">');
    expect(filipino.headers.vary).toMatch(/Accept-Language/i);
    expect((await page('/track', { 'accept-language': 'tl' })).body).toBe(TRACK_SIGNED_OUT_FIL);
    // The choice made with the switch (cookie) wins over the browser, both ways.
    expect((await page('/', { 'accept-language': 'fil', cookie: 'hatid_lang=en' })).body).toBe(HOME);
    expect((await page('/', { 'accept-language': 'en-US', cookie: 'hatid_lang=fil' })).body).toBe(HOME_FIL);
    // Any other language reads English; a language without its own page (signed-in /track here) falls back to English.
    expect((await page('/', { 'accept-language': 'ja' })).body).toBe(HOME);
    expect((await page('/track', { cookie: 'hatid_session=abc; hatid_lang=fil' })).body).toBe(TRACK);
    // The Filipino static page is static like the English one: its scripts come as prefetches.
    const compressed = await page('/', { 'accept-language': 'fil', 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(HOME_FIL);
    expect(compressed.headers.link).toContain('rel=prefetch');
    expect(compressed.headers.link).not.toContain('rel=modulepreload');
  });

  it('keeps files under fixed names for a day, and answers a missing asset 404 instead of the shell', async () => {
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('public, max-age=86400');
    const missing = await get('/assets/index-OldBuild.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it("starts the landing page's own chunks with its HTML (Link preload), and nothing extra elsewhere", async () => {
    const styles = '</assets/index-Ix12Ix34.css>; rel=preload; as=style; crossorigin, </assets/home-page-Css12345.css>; rel=preload; as=style; crossorigin, ';
    // A signed-in visitor's / starts the app at once: the render-blocking stylesheets first (the app's, then
    // the page's), then the page's scripts as modulepreloads.
    const signedIn = await site.app.inject({ method: 'GET', url: '/', headers: { cookie: 'hatid_session=abc' } });
    expect(signedIn.headers.link).toBe(`${styles}</assets/home-page-Hp12Hp34.js>; rel=modulepreload, </assets/form-Fo12Fo34.js>; rel=modulepreload`);
    // The signed-out static page runs no script before an interaction: its scripts come as low-priority prefetches.
    const home = await get('/?deliveryType=same_day', 'br');
    expect(home.headers.link).toBe(
      `${styles}</assets/home-page-Hp12Hp34.js>; rel=prefetch; as=script; crossorigin, </assets/form-Fo12Fo34.js>; rel=prefetch; as=script; crossorigin`,
    );
    // No manifest entry for /track here, and other routes never get one.
    expect((await get('/track')).headers.link).toBeUndefined();
    expect((await get('/packages')).headers.link).toBeUndefined();
    expect((await get('/assets/index-Ab12Cd34.js')).headers.link).toBeUndefined();
  });

  it("starts a sign-in page's chunks and its catalogues in the visitor's language with the HTML", async () => {
    const page =
      '</assets/index-Ix12Ix34.css>; rel=preload; as=style; crossorigin, </assets/login-page-Lp12Lp34.js>; rel=modulepreload, </assets/form-Fo12Fo34.js>; rel=modulepreload';
    const english = await get('/login');
    expect(english.body).toContain('<!-- shell -->');
    expect(english.headers.link).toBe(`${page}, </assets/app-En12En34.js>; rel=modulepreload, </assets/auth-En56En78.js>; rel=modulepreload`);
    expect(english.headers.vary).toMatch(/Accept-Language/);
    const filipino = `${page}, </assets/app-Fi12Fi34.js>; rel=modulepreload, </assets/auth-Fi56Fi78.js>; rel=modulepreload`;
    // A Filipino browser, or the language chosen on this device (the cookie wins over the browser).
    const byBrowser = await site.app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'fil-PH,fil;q=0.9' } });
    expect(byBrowser.headers.link).toBe(filipino);
    const byCookie = await site.app.inject({ method: 'GET', url: '/login?error=denied', headers: { cookie: 'hatid_lang=fil', 'accept-language': 'en-US' } });
    expect(byCookie.headers.link).toBe(filipino);
  });
});
