import type { BoxDisplayDto } from '@hatid/domain';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, pesosToCents } from '../../../lib/format';

const formatPesos = (pesos: number) => formatMoney(pesosToCents(pesos));
import { useBoxes } from '../api/get-boxes';

const trim = (n: number) => String(Number(n.toFixed(1)));

function limitText(box: BoxDisplayDto): string {
  if (box.maxWeight !== null) return `Up to ${trim(box.maxWeight)} kg`;
  if (box.minWeight !== null) return `From ${trim(box.minWeight)} kg, no maximum`;
  return 'Any weight';
}

function sizeText(box: BoxDisplayDto): string | null {
  const sides = [box.length, box.width, box.height].filter((side): side is number => side !== null);
  return sides.length ? `${sides.map(trim).join(' × ')} cm` : null;
}

function BoxCard({ box }: { box: BoxDisplayDto }) {
  const size = sizeText(box);
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <img src={box.imageUrl} alt="" width={56} height={56} className="h-14 w-14 shrink-0" loading="lazy" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{box.name}</h3>
          <p className="font-semibold whitespace-nowrap text-teal-800">
            {box.perKgRate > 0 ? 'from ' : ''}
            {formatPesos(box.basePrice)}
          </p>
        </div>
        <p className="text-sm text-slate-700">{limitText(box)}</p>
        {size ? <p className="text-sm text-slate-600">{size}</p> : null}
        {box.perKgRate > 0 ? (
          <p className="text-xs text-slate-600">
            {formatPesos(box.perKgRate)} per kg{box.surcharge > 0 ? ` + ${formatPesos(box.surcharge)} own-box surcharge` : ''}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** "Our boxes": the live catalogue with price and weight limits. */
export function BoxCatalogue() {
  const boxes = useBoxes();
  return (
    <section aria-labelledby="boxes-title" className="flex flex-col gap-3">
      <div>
        <h2 id="boxes-title" className="text-lg font-semibold text-slate-900">
          Our boxes
        </h2>
        <p className="text-sm text-slate-600">Base delivery price per box, anywhere we deliver.</p>
      </div>
      {boxes.isPending ? <Spinner label="Loading boxes" /> : null}
      {boxes.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(boxes.error)}
        </p>
      ) : null}
      {boxes.data ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {boxes.data.map((box) => (
            <BoxCard key={box.id} box={box} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
