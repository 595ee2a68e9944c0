import { RefusedRows } from '../../../../components/data-table/refused-rows';
import type { BulkResult } from '../../api/bulk-updates';
import { plural } from '../../../../lib/plural';

/** What a bulk change did: how many moved, and each refused shipment with the server's reason. */
export function BulkResultSummary({ result, verb }: { result: BulkResult; verb: string }) {
  const moved = `${plural(result.updated.length, { one: 'shipment', other: 'shipments' })} ${verb}.`;
  return (
    <RefusedRows
      summary={result.failed.length ? `${moved} ${result.failed.length} refused:` : moved}
      label="Refused shipments"
      monoNames
      rows={result.failed.map((f) => ({ key: f.trackingNumber, name: f.trackingNumber, message: f.message }))}
    />
  );
}
