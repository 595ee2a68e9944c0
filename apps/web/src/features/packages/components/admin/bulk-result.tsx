import { CircleAlert } from 'lucide-react';
import type { BulkResult } from '../../api/bulk-updates';

/** What a bulk change did: how many moved, and each refused shipment with the server's reason. */
export function BulkResultSummary({ result, verb }: { result: BulkResult; verb: string }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-sm text-slate-800">
        {result.updated.length} {result.updated.length === 1 ? 'shipment' : 'shipments'} {verb}.
        {result.failed.length ? ` ${result.failed.length} refused:` : ''}
      </p>
      {result.failed.length ? (
        <ul aria-label="Refused shipments" className="flex flex-col gap-2">
          {result.failed.map((failure) => (
            <li key={failure.trackingNumber} className="flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0">
                <span className="font-mono font-semibold">{failure.trackingNumber}</span>: {failure.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
