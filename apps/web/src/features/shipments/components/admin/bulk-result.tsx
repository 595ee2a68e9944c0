import { useLingui } from '@lingui/react/macro';
import { RefusedRows } from '../../../../components/data-table/refused-rows';
import type { BulkResult } from '../../api/bulk-updates';

/**
 * What a bulk change did: how many moved (`done` says it, "2 shipments moved", in the reader's language), and each
 * refused shipment with the server's reason.
 */
export function BulkResultSummary({ result, done }: { result: BulkResult; done: (count: number) => string }) {
  const { t } = useLingui();
  const moved = done(result.updated.length);
  const refused = result.failed.length;
  return (
    <RefusedRows
      summary={refused ? t`${moved}. ${refused} refused:` : `${moved}.`}
      label={t`Refused shipments`}
      monoNames
      rows={result.failed.map((f) => ({ key: f.trackingNumber, name: f.trackingNumber, message: f.message }))}
    />
  );
}
