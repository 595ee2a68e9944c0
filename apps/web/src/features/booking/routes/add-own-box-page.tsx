import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { buttonClasses } from '../../../components/ui/button';
import { OwnBoxForm, type OwnBoxValues } from '../components/own-box-form';
import { getDraft, newPackageLine, updateDraft, updatePackage, useBookingDraft } from '../draft/booking-draft';

const EMPTY: OwnBoxValues = { lengthInCm: '', widthInCm: '', heightInCm: '', weightKg: '', quantity: '1', itemCategory: '' };

/** /add-own-box: size and weight of the customer's own box; it joins (or, with `?line=`, edits) a package line. */
const route = getRouteApi('/add-own-box');

export function AddOwnBoxPage() {
  const { t } = useLingui();
  const { line: lineKey } = route.useSearch();
  const draft = useBookingDraft();
  const navigate = useNavigate();
  const editing = lineKey ? draft.packages.find((p) => p.key === lineKey && p.boxName === 'Your Box') : undefined;
  const defaults: OwnBoxValues = editing
    ? {
        lengthInCm: editing.lengthInCm,
        widthInCm: editing.widthInCm,
        heightInCm: editing.heightInCm,
        weightKg: editing.weightKg,
        quantity: editing.quantity,
        itemCategory: editing.itemCategory,
      }
    : EMPTY;

  const back = () => navigate({ to: '/', hash: 'packages', search: { deliveryType: getDraft().deliveryType } });

  const save = (values: OwnBoxValues) => {
    if (editing) {
      updatePackage(editing.key, values);
      toast.success(t`Your Box updated`);
    } else {
      updateDraft((d) => ({ ...d, packages: [...d.packages, newPackageLine('Your Box', values)] }));
      toast.success(t`Your Box added`);
    }
    void back();
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link to="/" hash="packages" className={buttonClasses('link', 'sm', 'self-start')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Back to booking</Trans>
        </Link>
        <h1 className="text-xl font-semibold text-slate-900">{editing ? <Trans>Edit your box</Trans> : <Trans>Add your own box</Trans>}</h1>
        <p className="text-sm text-slate-600">
          <Trans>Measure the outside of the packed box. The price follows its chargeable weight, plus a small surcharge for using your own box.</Trans>
        </p>
      </div>
      <OwnBoxForm
        key={editing?.key ?? 'new'}
        defaults={defaults}
        deliveryType={draft.deliveryType}
        editing={Boolean(editing)}
        onSubmit={save}
        onCancel={() => void back()}
      />
    </div>
  );
}
