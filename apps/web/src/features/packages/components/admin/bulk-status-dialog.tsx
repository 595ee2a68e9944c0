import { ACTIVITY_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from '@hatid/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { inputClasses } from '../../../../components/ui/input';
import { FormModal, Modal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/api-client';
import { useBulkDeliveryStatus, useBulkPaymentStatus, type BulkResult } from '../../api/bulk-updates';
import { BulkResultSummary } from './bulk-result';

const CUSTOM = 'Custom';
/** The activities staff record on many shipments at once: every move but booking and cancelling. */
const MOVES = ACTIVITY_STATUSES.filter((a) => a.name !== 'Order placed' && a.name !== 'Order cancelled');
const textarea = 'w-full rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none sm:text-sm';

interface BulkDialogProps {
  trackingNumbers: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with what the server did, so the table can mark the refused rows. */
  onDone: (result: BulkResult) => void;
}

/** The result of a bulk change stays on screen when anything was refused; a clean run just says so. */
function useResultStep(verb: string, onDone: (result: BulkResult) => void) {
  const [result, setResult] = useState<BulkResult | null>(null);
  const finish = (next: BulkResult, close: () => void) => {
    onDone(next);
    if (next.failed.length === 0) {
      toast.success(`${next.updated.length} ${next.updated.length === 1 ? 'shipment' : 'shipments'} ${verb}`);
      close();
    } else {
      setResult(next);
    }
  };
  return { result, finish, reset: () => setResult(null) };
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
  const id = useId();
  const mutation = useBulkDeliveryStatus();
  const [activity, setActivity] = useState<string>(MOVES[0]!.name);
  const [customName, setCustomName] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [location, setLocation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const step = useResultStep('moved', onDone);
  const reasons = MOVES.find((a) => a.name === activity)?.reasons ?? null;
  const close = () => {
    onOpenChange(false);
    step.reset();
    setProblem(null);
  };

  if (open && step.result) return <ResultModal title="Status update" result={step.result} verb="moved" onClose={close} />;

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Update delivery status"
      description={`${trackingNumbers.length} selected ${trackingNumbers.length === 1 ? 'shipment' : 'shipments'}. A move a shipment cannot make is refused for that shipment only.`}
      submitLabel="Update status"
      pending={mutation.isPending}
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
          step.finish(result, close);
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-activity`} className="text-sm font-medium text-slate-800">
          Activity
        </label>
        <select
          id={`${id}-activity`}
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
      </div>
      {activity === CUSTOM ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-custom`} className="text-sm font-medium text-slate-800">
            Custom status name
          </label>
          <input id={`${id}-custom`} className={inputClasses} value={customName} maxLength={100} onChange={(event) => setCustomName(event.target.value)} />
        </div>
      ) : null}
      {reasons ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800">
            Reason
          </label>
          <select id={`${id}-reason`} className={inputClasses} value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="">Choose a reason</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-location`} className="text-sm font-medium text-slate-800">
          Location (optional)
        </label>
        <input id={`${id}-location`} className={inputClasses} value={location} maxLength={200} onChange={(event) => setLocation(event.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
          Note (optional)
        </label>
        <textarea id={`${id}-note`} rows={2} maxLength={1024} className={textarea} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </FormModal>
  );
}

/** Set the payment status of the selected shipments (staff and ssp record payments). */
export function BulkPaymentStatusDialog({ trackingNumbers, open, onOpenChange, onDone }: BulkDialogProps) {
  const id = useId();
  const mutation = useBulkPaymentStatus();
  const [status, setStatus] = useState<PaymentStatus>('Paid');
  const [problem, setProblem] = useState<string | null>(null);
  const step = useResultStep('updated', onDone);
  const close = () => {
    onOpenChange(false);
    step.reset();
    setProblem(null);
  };

  if (open && step.result) return <ResultModal title="Payment status" result={step.result} verb="updated" onClose={close} />;

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Update payment status"
      description={`${trackingNumbers.length} selected ${trackingNumbers.length === 1 ? 'shipment' : 'shipments'}.`}
      submitLabel="Update payment"
      pending={mutation.isPending}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        try {
          step.finish(await mutation.mutateAsync({ trackingNumbers, paymentStatus: status }), close);
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">
          Payment status
        </label>
        <select id={`${id}-status`} className={inputClasses} value={status} onChange={(event) => setStatus(event.target.value as PaymentStatus)}>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </FormModal>
  );
}
