import { ACTIVITY_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { inputClasses, textareaClasses } from '../../../../components/ui/input';
import { FormModal, Modal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/api-client';
import { useBulkDeliveryStatus, useBulkPaymentStatus, type BulkResult } from '../../api/bulk-updates';
import { DELIVERY_STATUS_LABELS } from '../../../../i18n/shipment-labels';
import { activityLabel } from '../../lib/activity-labels';
import { reasonLabel } from '../../lib/reason-labels';
import { PAYMENT_STATUS_NAMES } from '../../lib/shipment-labels';
import { BulkResultSummary } from './bulk-result';

const CUSTOM = 'Custom';
/** The activities staff record on many shipments at once: every move but booking and cancelling. */
const MOVES = ACTIVITY_STATUSES.filter((a) => a.name !== 'Order placed' && a.name !== 'Order cancelled');

interface BulkDialogProps {
  trackingNumbers: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with what the server did, so the table can mark the refused rows. */
  onDone: (result: BulkResult) => void;
}

/**
 * What both bulk dialogs share: the form's problem, closing (which forgets the result and the problem),
 * and the result, which stays on screen when anything was refused; a clean run just says so.
 */
function useResultStep(done: (count: number) => string, { onDone, onOpenChange }: Pick<BulkDialogProps, 'onDone' | 'onOpenChange'>) {
  const [result, setResult] = useState<BulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    onOpenChange(false);
    setResult(null);
    setProblem(null);
  };
  const finish = (next: BulkResult) => {
    onDone(next);
    if (next.failed.length === 0) {
      toast.success(done(next.updated.length));
      close();
    } else {
      setResult(next);
    }
  };
  return { result, finish, close, problem, setProblem, onModalOpenChange: (next: boolean) => (next ? onOpenChange(true) : close()) };
}

function ResultModal({ title, result, done, onClose }: { title: string; result: BulkResult; done: (count: number) => string; onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      footer={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <BulkResultSummary result={result} done={done} />
    </Modal>
  );
}

/** Record the same activity (a delivery status move) on the selected shipments; each moves or is refused alone. */
export function BulkDeliveryStatusDialog({ trackingNumbers, open, onOpenChange, onDone }: BulkDialogProps) {
  const { t, i18n } = useLingui();
  const mutation = useBulkDeliveryStatus();
  const [activity, setActivity] = useState<string>(MOVES[0]!.name);
  const [customName, setCustomName] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [location, setLocation] = useState('');
  const moved = (count: number) => t`${plural(count, { one: '# shipment moved', other: '# shipments moved' })}`;
  const step = useResultStep(moved, { onDone, onOpenChange });
  const selected = trackingNumbers.length;
  const { setProblem } = step;
  const reasons = MOVES.find((a) => a.name === activity)?.reasons ?? null;

  if (open && step.result) return <ResultModal title={t`Status update`} result={step.result} done={moved} onClose={step.close} />;

  return (
    <FormModal
      open={open}
      onOpenChange={step.onModalOpenChange}
      title={t`Update delivery status`}
      description={t`${plural(selected, { one: '# selected shipment', other: '# selected shipments' })}. A move a shipment cannot make is refused for that shipment only.`}
      submitLabel={t`Update status`}
      pending={mutation.isPending}
      problem={step.problem}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        if (activity === CUSTOM && !customName.trim()) return setProblem(t`Name the custom status`);
        if (reasons && !reason) return setProblem(t`Choose a reason`);
        try {
          const result = await mutation.mutateAsync({
            trackingNumbers,
            input: {
              activity,
              ...(activity === CUSTOM ? { customStatusName: customName.trim() } : {}),
              ...(reasons && reason ? { reason } : {}),
              ...(note.trim() ? { note: note.trim() } : {}),
              ...(location.trim() ? { location: location.trim() } : {}),
            },
          });
          step.finish(result);
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      <FormField label={t`Activity`}>
        {(control) => (
          <select
            id={control.id}
            className={inputClasses}
            value={activity}
            onChange={(event) => {
              setActivity(event.target.value);
              setReason('');
            }}
          >
            {MOVES.map((a) => (
              <option key={a.name} value={a.name}>
                {activityLabel(i18n, a.name)}
                {a.deliveryStatus ? ` (${i18n._(DELIVERY_STATUS_LABELS[a.deliveryStatus])})` : ''}
              </option>
            ))}
            <option value={CUSTOM}>{t`Custom status (no move)`}</option>
          </select>
        )}
      </FormField>
      {activity === CUSTOM ? (
        <FormField label={t`Custom status name`}>
          {(control) => (
            <input id={control.id} className={inputClasses} value={customName} maxLength={100} onChange={(event) => setCustomName(event.target.value)} />
          )}
        </FormField>
      ) : null}
      {reasons ? (
        <FormField label={t`Reason`}>
          {(control) => (
            <select id={control.id} className={inputClasses} value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">{t`Choose a reason`}</option>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {reasonLabel(i18n, r)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <FormField label={t`Location`} optional>
        {(control) => <input id={control.id} className={inputClasses} value={location} maxLength={200} onChange={(event) => setLocation(event.target.value)} />}
      </FormField>
      <FormField label={t`Note`} optional>
        {(control) => (
          <textarea id={control.id} rows={2} maxLength={1024} className={textareaClasses} value={note} onChange={(event) => setNote(event.target.value)} />
        )}
      </FormField>
    </FormModal>
  );
}

/** Set the payment status of the selected shipments (staff and ssp record payments). */
export function BulkPaymentStatusDialog({ trackingNumbers, open, onOpenChange, onDone }: BulkDialogProps) {
  const { t, i18n } = useLingui();
  const mutation = useBulkPaymentStatus();
  const [status, setStatus] = useState<PaymentStatus>('Paid');
  const updated = (count: number) => t`${plural(count, { one: '# shipment updated', other: '# shipments updated' })}`;
  const step = useResultStep(updated, { onDone, onOpenChange });
  const selected = trackingNumbers.length;
  const { setProblem } = step;

  if (open && step.result) return <ResultModal title={t`Payment status`} result={step.result} done={updated} onClose={step.close} />;

  return (
    <FormModal
      open={open}
      onOpenChange={step.onModalOpenChange}
      title={t`Update payment status`}
      description={t`${plural(selected, { one: '# selected shipment', other: '# selected shipments' })}.`}
      submitLabel={t`Update payment`}
      pending={mutation.isPending}
      problem={step.problem}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        try {
          step.finish(await mutation.mutateAsync({ trackingNumbers, paymentStatus: status }));
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      <FormField label={t`Payment status`}>
        {(control) => (
          <select id={control.id} className={inputClasses} value={status} onChange={(event) => setStatus(event.target.value as PaymentStatus)}>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(PAYMENT_STATUS_NAMES[s])}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormModal>
  );
}
