// Lighthouse 12.8 (mobile preset: simulated slow 4G and a 4x slower CPU) against the real server, as a
// phone's first visit sees it: Debian's Chromium, a fresh browser per run (nothing cached), signed out.
// Runs each route several times and takes the median of every figure, then writes the
// "## Lighthouse (issue 13)" section of bench/results.md (the other sections are left as they are).
// Targets: performance ≥ 0.95 and accessibility 1.0 on /, /track (issue 13), /login and /rider/login (issue 32,
// the sign-in pages where a new customer or rider meets the app), each in English and in Filipino.
//
//   npm run bench:lighthouse                      builds if needed, starts the server on a fresh data dir
//   npm run bench:lighthouse -- --runs=5 --routes=/,/track,/rates --languages=fil
//   LIGHTHOUSE_URL=http://127.0.0.1:3000 npm run bench:lighthouse   measures a server already running
import { benchArgs } from './args.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, type ServerProcess } from './server-process.js';

const RESULTS = path.join(import.meta.dirname, 'results.md');
const SECTION = '## Lighthouse (issue 13)';
const TARGETS = { performance: 0.95, accessibility: 1 };
const TARGET_ROUTES = ['/', '/track', '/login', '/rider/login'];
/** The app's languages (apps/web/src/i18n/language.ts): English, and Filipino for a phone set to it. */
const LANGUAGES = ['en', 'fil'] as const;
type Language = (typeof LANGUAGES)[number];
/**
 * A phone set to Filipino: the browser's language (navigator.languages, which the app starts in) and the
 * Accept-Language it sends (the server's choice of a landing page's HTML and of the catalogues it preloads).
 */
const BROWSER_LANGUAGE: Record<Language, { lang: string; acceptLanguage: string }> = {
  en: { lang: 'en-US', acceptLanguage: 'en-US,en;q=0.9' },
  fil: { lang: 'fil', acceptLanguage: 'fil-PH,fil;q=0.9' },
};

const args = benchArgs();
const runs = Number(args.runs ?? 5);
const routes = (args.routes ?? TARGET_ROUTES.join(',')).split(',');
const port = Number(args.port ?? 3975);
const languages = (args.languages ?? LANGUAGES.join(',')).split(',').map((language) => {
  if (!(LANGUAGES as readonly string[]).includes(language)) throw new Error(`--languages: ${language} is not one of ${LANGUAGES.join(', ')}`);
  return language as Language;
});

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  siMs: number;
  /** Bytes of JavaScript the page fetched, as sent (compressed): deterministic, unlike the CPU-bound figures. */
  scriptKB: number;
}

/** The compiled catalogue of the app's own messages per language, from the build's manifest (null: measuring another server). */
function catalogueFiles(): Record<Language, string> | null {
  const manifest = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist', '.vite', 'manifest.json');
  if (process.env.LIGHTHOUSE_URL || !fs.existsSync(manifest)) return null;
  const chunks = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, { file: string }>;
  const file = (language: Language) => chunks[`src/locales/${language}/app.po`]?.file ?? '';
  return { en: file('en'), fil: file('fil') };
}

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("Debian's chromium is missing: apt-get install -y chromium");
  return found;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(url: string, language: Language, reportFile: string): Promise<Run> {
  const { lang, acceptLanguage } = BROWSER_LANGUAGE[language];
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--lang=${lang}`, `--accept-lang=${acceptLanguage}`],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { 'Accept-Language': acceptLanguage },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    fs.writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    // The page must have run in the language asked for: its app catalogue is the one it fetched (a browser flag
    // the app did not see would measure English twice).
    const expected = catalogues?.[language];
    if (expected && !requests.some((r) => r.url.endsWith(`/${expected}`))) throw new Error(`${url} did not load the ${language} catalogue (${expected})`);
    const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    return {
      performance: lhr.categories.performance?.score ?? 0,
      accessibility: lhr.categories.accessibility?.score ?? 0,
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      siMs: audit('speed-index'),
      scriptKB: scriptBytes / 1024,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's own failures (NO_NAVSTART: the trace lost its start, as happens on a busy machine) are tried again, twice. */
class LighthouseRuntimeError extends Error {}

async function measureWithRetries(url: string, language: Language, reportFile: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, language, reportFile);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      console.log(`${url} ${language}: ${error.message}; again`);
    }
  }
}

function writeSection(markdown: string) {
  const current = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(`\n${SECTION}\n`);
  if (start === -1) {
    fs.writeFileSync(RESULTS, `${current.trimEnd()}\n\n${markdown}`);
    return;
  }
  // Replace this section only: up to the next "## " heading, or the end of the file.
  const next = current.indexOf('\n## ', start + SECTION.length + 1);
  const after = next === -1 ? '' : `\n${current.slice(next + 1)}`;
  fs.writeFileSync(RESULTS, `${current.slice(0, start + 1)}${markdown}${after}`);
}

const catalogues = catalogueFiles();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-lighthouse-'));
let server: ServerProcess | null = null;
let baseUrl = process.env.LIGHTHOUSE_URL;
if (!baseUrl) {
  // The real server on the build `npm start` serves (apps/web/dist), on a fresh database with the demo data.
  server = await startServer({ DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' }, port);
  baseUrl = server.url;
}

const rows: string[] = [];
let met = true;
// Lighthouse's simulated CPU time is the observed time x4: other work on the machine inflates TBT and LCP.
const loadNow = () => os.loadavg()[0] ?? 0;
const loads: number[] = [loadNow()];
try {
  for (const route of routes) {
    for (const language of languages) {
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const report = path.join(work, `${route.replace(/\W+/g, '_').replace(/^_$/, 'root')}-${language}-${i + 1}.json`);
        const run = await measureWithRetries(`${baseUrl}${route}`, language, report);
        console.log(
          `${route} ${language} run ${i + 1}/${runs}: performance ${run.performance.toFixed(2)}, accessibility ${run.accessibility.toFixed(2)}, ` +
            `LCP ${(run.lcpMs / 1000).toFixed(2)} s, CLS ${run.cls.toFixed(3)}, FCP ${(run.fcpMs / 1000).toFixed(2)} s, TBT ${run.tbtMs.toFixed(0)} ms, ` +
            `JS ${run.scriptKB.toFixed(1)} KB (load ${loadNow().toFixed(1)})`,
        );
        results.push(run);
        loads.push(loadNow());
      }
      const m = (key: keyof Run) => median(results.map((r) => r[key]));
      const targeted = TARGET_ROUTES.includes(route);
      const ok = m('performance') >= TARGETS.performance && m('accessibility') >= TARGETS.accessibility;
      if (targeted && !ok) met = false;
      rows.push(
        `| ${route} | ${language} | ${m('performance').toFixed(2)} | ${m('accessibility').toFixed(2)} | ${(m('fcpMs') / 1000).toFixed(2)} s | ` +
          `${(m('lcpMs') / 1000).toFixed(2)} s | ${m('cls').toFixed(3)} | ${m('tbtMs').toFixed(0)} ms | ${(m('siMs') / 1000).toFixed(2)} s | ` +
          `${m('scriptKB').toFixed(0)} KB | ${targeted ? (ok ? '✅' : '❌') : 'information'} |`,
      );
    }
  }
} finally {
  await server?.stop();
}

const markdown = `${SECTION}

Lighthouse ${'12.8'} (mobile preset: simulated slow 4G, 4x CPU slowdown), Debian's Chromium headless, a fresh
browser per run (first visit, signed out), against the server \`npm start\` runs. Median of ${runs} runs per route,
measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (2 cores, 1-minute load
average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs: TBT and LCP grow with other work on the
machine, the JavaScript on the wire does not). Filipino: the browser set to \`fil\` (its language and Accept-Language).
Target on ${TARGET_ROUTES.join(', ')} in each language: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility.toFixed(1)}.
\`npm run bench:lighthouse\` writes this section.

| route | language | performance | accessibility | FCP | LCP | CLS | TBT | Speed Index | JS on the wire | target |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
writeSection(markdown);
console.log(`\n${markdown}\nreports: ${work}`);
if (!met) process.exitCode = 1;
