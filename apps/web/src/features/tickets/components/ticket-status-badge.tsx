import type { TicketStatus } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../../lib/utils';
import { TICKET_STATUS_NAMES } from '../lib/status-labels';

const TONES: Record<TicketStatus, string> = {
  open: 'bg-sky-50 text-sky-800 ring-sky-200',
  in_progress: 'bg-amber-50 text-amber-800 ring-amber-200',
  resolved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[status])}>
      <span className="sr-only">
        <Trans>Status:</Trans>{' '}
      </span>
      {i18n._(TICKET_STATUS_NAMES[status])}
    </span>
  );
}
