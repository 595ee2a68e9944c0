import { transactionMetaBody, type TransactionRecordDto } from '@hatid/domain';
import { t } from '@lingui/core/macro';

/**
 * A payment's meta (bank, account, GCash number…) as the edit modal's rows of name and value. The API
 * replaces the meta whole, so the rows are read back into one object. A value is edited as text; one left
 * as it was keeps its stored type (a number stays a number).
 */
export type MetaValue = TransactionRecordDto['meta'][string];

export interface MetaRow {
  key: string;
  value: string;
  /** The stored value this row started from, if any. */
  original?: MetaValue;
}

export const MAX_META_ROWS = 20;

/** How a stored value reads: text as it is, numbers and yes/no spelled out, nothing as "—". */
export function metaValueText(value: MetaValue): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  return String(value);
}

const editText = (value: MetaValue) => (value === null ? '' : String(value));

export function metaRowsOf(meta: TransactionRecordDto['meta']): MetaRow[] {
  return Object.entries(meta).map(([key, value]) => ({ key, value: editText(value), original: value }));
}

export type MetaRowErrors = Record<number, { key?: string; value?: string }>;

/** The rows as the API's meta, or what is wrong with each row (the domain's own messages). Blank rows are skipped. */
export function readMetaRows(rows: readonly MetaRow[]): { ok: true; meta: Record<string, MetaValue> } | { ok: false; errors: MetaRowErrors } {
  const meta: Record<string, MetaValue> = {};
  const errors: MetaRowErrors = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = row.key.trim();
    if (!key && !row.value.trim()) return;
    const value: MetaValue = row.original !== undefined && editText(row.original) === row.value ? row.original : row.value.trim();
    const check = transactionMetaBody.safeParse({ meta: { [key]: value } });
    if (!check.success) {
      for (const issue of check.error.issues) {
        // A bad name is reported by the record as a whole; its own reason is inside.
        if (issue.code === 'invalid_key') errors[index] = { ...errors[index], key: issue.issues[0]?.message ?? issue.message };
        else errors[index] = { ...errors[index], value: issue.message };
      }
      return;
    }
    if (seen.has(key)) {
      errors[index] = { key: t`Each detail needs its own name` };
      return;
    }
    seen.add(key);
    meta[key] = value;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, meta };
}

/** Whether two meta objects hold the same names and values (the order aside). */
export function sameMeta(a: Record<string, MetaValue>, b: Record<string, MetaValue>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}
