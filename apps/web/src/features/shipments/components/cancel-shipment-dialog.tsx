import { CANCELLATION_REASONS, cancelShipmentBody, OTHER_CANCELLATION_REASON, type ShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useCancelShipment, type CancelShipmentInput } from '../api/cancel-shipment';
import { CANCELLATION_REASON_LABELS } from '../lib/reason-labels';

const OTHER = OTHER_CANCELLATION_REASON;

/** Asks why, with the spec's six reasons; "Other" needs the customer's own words. */
export function CancelShipmentDialog({
  shipment,
  open,
  onOpenChange,
  description,
}: {
  shipment: Pick<ShipmentDto, 'id' | 'trackingNumber'> & Partial<Pick<ShipmentDto, 'shipmentType'>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What cancelling means here (the customer's parcel is not picked up yet; staff may cancel later). */
  description?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const cancel = useCancelShipment(shipment);
  const trackingNumber = shipment.trackingNumber;
  const form = useForm<CancelShipmentInput>({
    resolver: formResolver(cancelShipmentBody),
    defaultValues: { note: '' } as Partial<CancelShipmentInput>,
  });
  const noteId = useId();
  const reasonErrorId = useId();
  const reason = form.watch('reasonForCancellation');
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await cancel.mutateAsync(values.reasonForCancellation === OTHER ? values : { reasonForCancellation: values.reasonForCancellation });
      toast.success(t`Shipment cancelled`, { description: t`${trackingNumber} is cancelled.` });
      onOpenChange(false);
      form.reset();
    } catch (error) {
      showFormError(error, form.setError, ['reasonForCancellation', 'note']);
    }
  });

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            <Trans>Cancel this shipment?</Trans>
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm text-slate-600">
            {description ?? (
              // A drop-off is brought to a hub by the sender: "will not be picked up" told them nothing (issue 29, item 19).
              <>
                {shipment.shipmentType === 'Drop Off'
                  ? t`${trackingNumber} will not be taken in at the hub: there is no need to drop it off.`
                  : t`${trackingNumber} will not be picked up.`}{' '}
                <Trans>Tell us why, so we can do better.</Trans>
              </>
            )}
          </DialogPrimitive.Description>
          <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
            <fieldset aria-describedby={errors.reasonForCancellation ? reasonErrorId : undefined}>
              <legend className="text-sm font-medium text-slate-800">
                <Trans>Reason for cancelling</Trans>
              </legend>
              <div className="mt-2 flex flex-col gap-2">
                {CANCELLATION_REASONS.map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50"
                  >
                    <input type="radio" value={value} className="h-4 w-4 accent-teal-700" {...form.register('reasonForCancellation')} />
                    {i18n._(CANCELLATION_REASON_LABELS[value])}
                  </label>
                ))}
              </div>
              {errors.reasonForCancellation ? (
                <p id={reasonErrorId} role="alert" className="mt-1 text-sm text-red-600">
                  {errors.reasonForCancellation.message}
                </p>
              ) : null}
            </fieldset>
            {reason === OTHER ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
                  <Trans>Please specify</Trans>
                </label>
                <textarea
                  id={noteId}
                  rows={3}
                  maxLength={1024}
                  aria-invalid={errors.note ? true : undefined}
                  aria-describedby={errors.note ? `${noteId}-error` : undefined}
                  className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none aria-invalid:border-red-500 sm:text-sm"
                  {...form.register('note')}
                />
                {errors.note ? (
                  <p id={`${noteId}-error`} role="alert" className="text-sm text-red-600">
                    {errors.note.message}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogPrimitive.Close asChild>
                <Button variant="secondary">
                  <Trans>Keep shipment</Trans>
                </Button>
              </DialogPrimitive.Close>
              <Button type="submit" variant="danger" loading={cancel.isPending}>
                <Trans>Cancel shipment</Trans>
              </Button>
            </div>
          </form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
