/**
 * Air waybill throughput: one bulk PDF of `count` generated 4x6 in labels (Code 128 + QR, embedded fonts),
 * the way an operator prints a day's pickups. One warm-up label first, so the figure is the steady rate
 * and not the process's one-off costs (loading bwip-js, parsing the fonts).
 *
 *   node --import tsx bench/waybills.ts [count]
 */
import { pathToFileURL } from 'node:url';
import { sampleWaybill } from '../apps/server/src/platform/waybill/fixtures.js';
import { renderWaybillsPdf } from '../apps/server/src/platform/waybill/index.js';

export interface WaybillBenchResult {
  labels: number;
  seconds: number;
  labelsPerSecond: number;
  bytes: number;
}

export async function benchWaybills(count = 500): Promise<WaybillBenchResult> {
  const items = Array.from({ length: count }, (_, i) => sampleWaybill(i));
  await renderWaybillsPdf([sampleWaybill(count)]);
  const started = process.hrtime.bigint();
  const pdf = await renderWaybillsPdf(items);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { labels: count, seconds, labelsPerSecond: count / seconds, bytes: pdf.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2] ?? 500);
  const r = await benchWaybills(Number.isInteger(count) && count > 0 ? count : 500);
  console.log(
    `waybills: ${r.labels} labels in one PDF in ${r.seconds.toFixed(2)} s = ${r.labelsPerSecond.toFixed(0)} labels/s, ` +
      `${(r.bytes / 1024 / 1024).toFixed(2)} MiB (${Math.round(r.bytes / r.labels / 1024)} KiB/label)`,
  );
}
