import { ACTIVITY_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from '@hatid/domain';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { inputClasses, textareaClasses } from '../../../../components/ui/input';
import { FormModal, Modal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/api-client';
import { useBulkDeliveryStatus, useBulkPaymentStatus, type BulkResult } from '../../api/bulk-updates';
import { BulkResultSummary } from './bulk-result';
import { plural } from '../../../../lib/plural';

const SELECTED = { one: 'selected shipment', other: 'selected shipments' };

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
function useResultStep(verb: string, { onDone, onOpenChange }: Pick<BulkDialogProps, 'onDone' | 'onOpenChange'>) {
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
      toast.success(`${plural(next.updated.length, { one: 'shipment', other: 'shipments' })} ${verb}`);
      close();
    } else {
      setResult(next);
    }
  };
  return { result, finish, close, problem, setProblem, onModalOpenChange: (next: boolean) => (next ? onOpenChange(true) : close()) };
}

function ResultModal({ title, result, verb, onClose }: { title: string; result: BulkResult; verb: string; onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <BulkResultSummary result={result} verb={verb} />
    </Modal>
  );
}

/** Record the same activity (a delivery status move) on the selected shipments; each moves or is refused alone. */
export function BulkDeliveryStatusDialog({ trackingNumbers, open, onOpenChange, onDone }: BulkDialogProps) {
  const mutation = useBulkDeliveryStatus();
  const [activity, setActivity] = useState<string>(MOVES[0]!.name);
  const [customName, setCustomName] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [location, setLocation] = useState('');
  const step = useResultStep('moved', { onDone, onOpenChange });
  const { setProblem } = step;
  const reasons = MOVES.find((a) => a.name === activity)?.reasons ?? null;

  if (open && step.result) return <ResultModal title="Status update" result={step.result} verb="moved" onClose={step.close} />;

  return (
    <FormModal
      open={open}
      onOpenChange={step.onModalOpenChange}
      title="Update delivery status"
      description={`${plural(trackingNumbers.length, SELECTED)}. A move a shipment cannot make is refused for that shipment only.`}
      submitLabel="Update status"
      pending={mutation.isPending}
      problem={step.problem}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        if (activity === CUSTOM && !customName.trim()) return setProblem('Name the custom status');
        if (reasons && !reason) return setProblem('Choose a reason');
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
      <FormField label="Activity">
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
                {a.name}
                {a.deliveryStatus ? ` (${a.deliveryStatus})` : ''}
              </option>
            ))}
            <option value={CUSTOM}>Custom status (no move)</option>
          </select>
        )}
      </FormField>
      {activity === CUSTOM ? (
        <FormField label="Custom status name">
          {(control) => (
            <input id={control.id} className={inputClasses} value={customName} maxLength={100} onChange={(event) => setCustomName(event.target.value)} />
          )}
        </FormField>
      ) : null}
      {reasons ? (
        <FormField label="Reason">
          {(control) => (
            <select id={control.id} className={inputClasses} value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">Choose a reason</option>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <FormField label="Location" optional>
        {(control) => <input id={control.id} className={inputClasses} value={location} maxLength={200} onChange={(event) => setLocation(event.target.value)} />}
      </FormField>
      <FormField label="Note" optional>
        {(control) => (
          <textarea id={control.id} rows={2} maxLength={1024} className={textareaClasses} value={note} onChange={(event) => setNote(event.target.value)} />
        )}
      </FormField>
    </FormModal>
  );
}

/** Set the payment status of the selected shipments (staff and ssp record payments). */
export function BulkPaymentStatusDialog({ trackingNumbers, open, onOpenChange, onDone }: BulkDialogProps) {
  const mutation = useBulkPaymentStatus();
  const [status, setStatus] = useState<PaymentStatus>('Paid');
  const step = useResultStep('updated', { onDone, onOpenChange });
  const { setProblem } = step;

  if (open && step.result) return <ResultModal title="Payment status" result={step.result} verb="updated" onClose={step.close} />;

  return (
    <FormModal
      open={open}
      onOpenChange={step.onModalOpenChange}
      title="Update payment status"
      description={`${plural(trackingNumbers.length, SELECTED)}.`}
      submitLabel="Update payment"
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
      <FormField label="Payment status">
        {(control) => (
          <select id={control.id} className={inputClasses} value={status} onChange={(event) => setStatus(event.target.value as PaymentStatus)}>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormModal>
  );
}
