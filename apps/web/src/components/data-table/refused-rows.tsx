import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/utils';

export interface RefusedRow {
  key: string;
  /** How the row is named: a tracking number, a billing, a hand-over. */
  name: string;
  /** The server's reason. */
  message: string;
}

/**
 * What a bulk change did: a line saying how many moved, then each refused row with the server's reason.
 * The rows that moved are the screen's to name; this lists what did not.
 */
export function RefusedRows({
  summary,
  label,
  rows,
  monoNames = false,
}: {
  summary: string /** The list's name, e.g. "Refused billings". */;
  label: string;
  rows: readonly RefusedRow[];
  monoNames?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-sm text-slate-800">{summary}</p>
      {rows.length ? (
        <ul aria-label={label} className="flex flex-col gap-2">
          {rows.map((row) => (
            <li key={row.key} className="flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0">
                <span className={cn('font-semibold', monoNames && 'font-mono')}>{row.name}</span>: {row.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
