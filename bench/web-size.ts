// Initial JavaScript per route, as a browser loads it: build the web app, serve it from the real server,
// open each route in Debian's Chromium and add up the gzip size of every script it fetched until the
// network went quiet (entry, shared chunks, the route's own lazy chunk). Target: / and /track < 170 KB.
// `npm run bench:web` prints the table; `npm run bench` includes it in bench/results.md; WEB_SIZE_LOCALE=fil-PH in Filipino.
import { spawnSync } from 'node:child_process';
import { benchArgs } from './args.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from './server-process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Routes a first visit may land on; the first two carry the target, the sign-in pages follow (issue 32). */
export const MEASURED_ROUTES = ['/', '/track', '/login', '/rider/login', '/packages', '/notifications', '/rates'];
export const INITIAL_JS_TARGET_KB = 170;

export interface RouteSize {
  route: string;
  scripts: number;
  rawKB: number;
  gzipKB: number;
}

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("Debian's chromium is missing: apt-get install -y chromium");
  return found;
}

export async function measureWebSizes(port = 3960): Promise<RouteSize[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-web-size-'));
  const webDist = path.join(work, 'web');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hatid/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
  const server = await startServer({ DATA_DIR: path.join(work, 'data'), WEB_DIST: webDist }, port);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const sizes: RouteSize[] = [];
    for (const route of MEASURED_ROUTES) {
      // A fresh context per route: nothing cached, signed out (as a first visit is). WEB_SIZE_LOCALE=fil-PH measures
      // a Filipino phone's first visit (Accept-Language and navigator.languages: the Filipino page and catalogues).
      const context = await browser.newContext(process.env.WEB_SIZE_LOCALE ? { locale: process.env.WEB_SIZE_LOCALE } : {});
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        // Prefetched scripts (the static landing pages fetch the app that way, apps/web/src/main.tsx) are typed
        // 'other', not 'script': count every JavaScript file, however it was asked for.
        if (response.request().resourceType() !== 'script' && !/\.m?js$/.test(new URL(response.url()).pathname)) return;
        const body = response.body();
        bodies.push(body);
        // WEB_SIZE_VERBOSE=1 lists the scripts, to see what a route pulls in.
        if (process.env.WEB_SIZE_VERBOSE)
          void body.then((b) =>
            console.log(`  ${route} ${new URL(response.url()).pathname} ${(zlib.gzipSync(b, { level: 9 }).length / 1024).toFixed(1)} KB gzip`),
          );
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      const raw = scripts.reduce((sum, b) => sum + b.length, 0);
      const gzip = scripts.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0);
      sizes.push({ route, scripts: scripts.length, rawKB: raw / 1024, gzipKB: gzip / 1024 });
      await context.close();
    }
    return sizes;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function webSizeReport(sizes: RouteSize[]): string {
  const lines = [
    '## Web app: initial JavaScript per route',
    '',
    'Every script a first, signed-out visit loads until the network is idle (Chromium), gzip level 9.',
    '',
    '| route | scripts | raw KB | gzip KB | target |',
    '|---|---|---|---|---|',
  ];
  for (const s of sizes) {
    const target = s.route === '/' || s.route === '/track' ? `< ${INITIAL_JS_TARGET_KB} KB ${s.gzipKB < INITIAL_JS_TARGET_KB ? '✅' : '❌'}` : 'information';
    lines.push(`| ${s.route} | ${s.scripts} | ${s.rawKB.toFixed(0)} | ${s.gzipKB.toFixed(1)} | ${target} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --port=<n>: the server's port (3960 by default), to stay clear of another bench on the same machine.
  const { port } = benchArgs();
  console.log(webSizeReport(await measureWebSizes(port ? Number(port) : undefined)));
}
