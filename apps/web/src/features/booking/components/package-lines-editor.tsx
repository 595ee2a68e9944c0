import { findBox, gramsToKg, isPricedByWeight, type BoxName } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PackageOpen, Pencil, Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import type { PackageDraft } from '../draft/booking-draft';
import { itemCategoryOptions } from '../lib/labels';
import { boxImageUrl } from './box-image';
import { NumericInput } from './numeric-input';

export interface PackageLinesEditorProps {
  lines: readonly PackageDraft[];
  onChange: (key: string, patch: Partial<Omit<PackageDraft, 'key'>>) => void;
  onRemove: (key: string) => void;
  errorOf: (key: string) => string | undefined;
  onTouched: (key: string) => void;
}

function ownBoxSummary(line: PackageDraft): string {
  const sides = [line.lengthInCm, line.widthInCm, line.heightInCm].every(Boolean) ? `${line.lengthInCm} × ${line.widthInCm} × ${line.heightInCm} cm` : '';
  return [sides, line.weightKg ? `${line.weightKg} kg` : ''].filter(Boolean).join(', ');
}

function LineEditor({ line, index, ...props }: Omit<PackageLinesEditorProps, 'lines'> & { line: PackageDraft; index: number }) {
  const { t, i18n } = useLingui();
  const at = (field: string) => `packages.${line.key}.${field}`;
  const number = index + 1;
  const box = line.boxName;
  const ownBox = isPricedByWeight(line.boxName);
  const limit = ownBox ? null : findBox(line.boxName as BoxName).maxWeightInGrams;
  const upTo = (kg: number) => t`Up to ${kg} kg`;
  const ownBoxError = ownBox
    ? (props.errorOf(at('weightKg')) ?? props.errorOf(at('lengthInCm')) ?? props.errorOf(at('widthInCm')) ?? props.errorOf(at('heightInCm')))
    : undefined;

  return (
    <li aria-label={t`Package ${number}: ${box}`} data-line-key={line.key} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex items-center gap-3">
        <img src={boxImageUrl(line.boxName)} alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{line.boxName}</p>
          {ownBox ? <p className="text-xs text-slate-600">{ownBoxSummary(line) || t`Size and weight missing`}</p> : null}
        </div>
        {ownBox ? (
          <Link to="/add-own-box" search={{ line: line.key }} className={buttonClasses('ghost', 'icon')} aria-label={t`Edit ${box} size and weight`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Link>
        ) : null}
        <Button variant="ghost" size="icon" onClick={() => props.onRemove(line.key)} aria-label={t`Remove package ${number}: ${box}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {ownBoxError ? (
        <p role="alert" className="text-sm text-red-600">
          {ownBoxError}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[7rem_1fr_10rem]">
        <FormField label={t`Quantity`} error={props.errorOf(at('quantity'))}>
          {(control) => (
            <NumericInput
              {...control}
              min={1}
              step="1"
              inputMode="numeric"
              value={line.quantity}
              onValueChange={(quantity) => props.onChange(line.key, { quantity })}
              onBlur={() => props.onTouched(at('quantity'))}
            />
          )}
        </FormField>
        <FormField label={t`What's inside`} error={props.errorOf(at('itemCategory'))}>
          {(control) => (
            <Combobox
              {...control}
              options={itemCategoryOptions(i18n)}
              value={line.itemCategory}
              placeholder={t`Choose item category`}
              searchPlaceholder={t`Search category...`}
              onChange={(itemCategory) => {
                props.onChange(line.key, { itemCategory });
                props.onTouched(at('itemCategory'));
              }}
            />
          )}
        </FormField>
        {ownBox ? null : (
          <FormField label={t`Weight per box (kg)`} optional hint={limit ? upTo(gramsToKg(limit)) : undefined} error={props.errorOf(at('weightKg'))}>
            {(control) => (
              <NumericInput
                {...control}
                value={line.weightKg}
                onValueChange={(weightKg) => props.onChange(line.key, { weightKg })}
                onBlur={() => props.onTouched(at('weightKg'))}
              />
            )}
          </FormField>
        )}
      </div>
    </li>
  );
}

/** The packages of the booking: quantity, what is inside and (for catalogue boxes) an optional weight per line. */
export function PackageLinesEditor(props: PackageLinesEditorProps) {
  const { t } = useLingui();
  if (props.lines.length === 0) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        <PackageOpen className="h-6 w-6 shrink-0 text-slate-400" aria-hidden="true" />
        <Trans>No packages yet. Add a box from the list below, or your own box.</Trans>
      </div>
    );
  }
  return (
    <ul aria-label={t`Your packages`} className="flex flex-col gap-3">
      {props.lines.map((line, index) => (
        <LineEditor key={line.key} line={line} index={index} {...props} />
      ))}
    </ul>
  );
}
