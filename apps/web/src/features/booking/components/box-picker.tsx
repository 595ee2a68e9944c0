import type { BoxDisplayDto, BoxName } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, pesosToCents } from '../../../lib/format';
import { useBoxes } from '../../../lib/api/boxes';

const pesos = (value: number) => formatMoney(pesosToCents(value));
const trim = (n: number) => String(Number(n.toFixed(1)));

function limitText(i18n: I18n, box: BoxDisplayDto): string {
  if (box.maxWeight !== null) {
    const kg = trim(box.maxWeight);
    return i18n._(msg`Up to ${kg} kg`);
  }
  if (box.minWeight !== null) {
    const kg = trim(box.minWeight);
    return i18n._(msg`From ${kg} kg, no maximum`);
  }
  return i18n._(msg`Any weight`);
}

function sizeText(box: BoxDisplayDto): string | null {
  const sides = [box.length, box.width, box.height].filter((side): side is number => side !== null);
  return sides.length ? `${sides.map(trim).join(' × ')} cm` : null;
}

function BoxOption({ box, onAdd }: { box: BoxDisplayDto; onAdd: (name: BoxName) => void }) {
  const { t, i18n } = useLingui();
  const size = sizeText(box);
  const ownBox = box.perKgRate > 0;
  const name = box.name;
  const price = pesos(box.basePrice);
  const perKg = pesos(box.perKgRate);
  const surcharge = pesos(box.surcharge);
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <img src={box.imageUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0" loading="lazy" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <h4 className="font-semibold text-slate-900">{box.name}</h4>
          <p className="font-semibold whitespace-nowrap text-teal-800">{ownBox ? <Trans>from {price}</Trans> : price}</p>
        </div>
        <p className="text-xs text-slate-600">
          {limitText(i18n, box)}
          {size ? ` · ${size}` : ''}
        </p>
        {ownBox ? (
          <p className="text-xs text-slate-600">
            {box.surcharge > 0 ? (
              <Trans>
                {perKg} per kg + {surcharge} own-box surcharge
              </Trans>
            ) : (
              <Trans>{perKg} per kg</Trans>
            )}
          </p>
        ) : null}
        <div className="mt-1">
          {ownBox ? (
            <Link to="/add-own-box" className={buttonClasses('secondary', 'sm')} aria-label={t`Add your own box`}>
              <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add</Trans>
            </Link>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => onAdd(box.name)} aria-label={t`Add ${name}`}>
              <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add</Trans>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** "Our boxes": the live catalogue to add packages from; Your Box opens its own page for the size and weight. */
export function BoxPicker({ onAdd }: { onAdd: (name: BoxName) => void }) {
  const { t } = useLingui();
  const boxes = useBoxes();
  return (
    <section aria-labelledby="boxes-title" className="flex flex-col gap-3">
      <div>
        <h3 id="boxes-title" className="text-base font-semibold text-slate-900">
          <Trans>Our boxes</Trans>
        </h3>
        <p className="text-sm text-slate-600">
          <Trans>Base delivery price per box, anywhere we deliver.</Trans>
        </p>
      </div>
      {boxes.isPending ? <Spinner label={t`Loading boxes`} /> : null}
      {boxes.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(boxes.error)}
          <Button variant="secondary" size="sm" onClick={() => void boxes.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {boxes.data ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {boxes.data.map((box) => (
            <BoxOption key={box.id} box={box} onAdd={onAdd} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
