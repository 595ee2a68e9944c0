import { PAGE_SIZES } from '@hatid/domain';
import { plural as pluralMessage, t } from '@lingui/core/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { plural, type PluralForms } from '../../lib/plural';
import { Button } from '../ui/button';

/** Page, page size (10, 20, 50, 100) and totalPages, as the spec's data table has them. */
export function Pagination({
  page,
  limit,
  total,
  totalPages,
  totalIsEstimate,
  noun,
  onPageChange,
  onLimitChange,
}: {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  totalIsEstimate?: boolean | undefined;
  /**
   * What the rows are, counted: "1 ticket", "2 tickets". A function says it in the reader's language
   * (`(n) => t\`${plural(n, { one: '# ticket', other: '# tickets' })}\``); plural forms (lib/plural) read in English.
   * Shipments when not given.
   */
  noun?: PluralForms | ((count: number) => string);
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}) {
  const sizeId = useId();
  const pages = Math.max(totalPages, 1);
  const shown = Math.min(page, pages);
  const counted =
    noun === undefined
      ? t`${pluralMessage(total, { one: '# shipment', other: '# shipments' })}`
      : typeof noun === 'function'
        ? noun(total)
        : plural(total, noun);
  return (
    <nav aria-label={t`Pagination`} className="flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>{t`Rows per page`}</label>
        <select
          id={sizeId}
          value={limit}
          onChange={(event) => onLimitChange(Number(event.target.value))}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span className="text-slate-500">{totalIsEstimate ? t`about ${counted}` : counted}</span>
      </div>
      <div className="flex items-center justify-between gap-2 sm:justify-end">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          {t`Previous`}
        </Button>
        <span aria-current="page" className="whitespace-nowrap">
          {t`Page ${shown} of ${pages}`}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          {t`Next`}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
