import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../../../lib/format';

/** A gap this long between the phone's time and the server's is worth a look (a phone kept offline). */
const LATE_AFTER_MS = 10 * 60_000;

/**
 * When a rider's action happened on the phone, beside when the server received it (an offline phone sends
 * later). Staff see both; a long gap is marked, so a phone kept offline to fake times shows.
 */
export function PhoneTime({ occurredAt, receivedAt }: { occurredAt: string | null | undefined; receivedAt: string }) {
  if (!occurredAt) return null;
  const gap = new Date(receivedAt).getTime() - new Date(occurredAt).getTime();
  return (
    <p className={gap > LATE_AFTER_MS ? 'text-xs font-medium text-amber-800' : 'text-xs text-slate-600'}>
      <Trans>
        Done (phone time): <time dateTime={occurredAt}>{formatDateTime(occurredAt)}</time> · reached Hatid:{' '}
        <time dateTime={receivedAt}>{formatDateTime(receivedAt)}</time>
      </Trans>
      {gap > LATE_AFTER_MS ? (
        <>
          {' '}
          <Trans>(sent late)</Trans>
        </>
      ) : null}
    </p>
  );
}
