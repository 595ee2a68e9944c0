import { z } from 'zod';

/** Bulk booking from a spreadsheet (issue 33): a batch of up to 5,000 rows, checked, then booked once. */

/** The most data rows one file may hold. */
export const BULK_BOOKING_MAX_ROWS = 5000;
/** The largest file accepted (a full 5,000-row CSV is about 1.5 MB). */
export const BULK_BOOKING_MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * checking: the rows are being read and checked; checked: the preview is ready (wrong rows and the total of the
 * rest); booking: confirmed, the valid rows are being booked; booked: done (each valid row booked or named in
 * `failures`). A file that cannot be read at all is refused at upload and never becomes a batch.
 */
export const BULK_BATCH_STATES = ['checking', 'checked', 'booking', 'booked'] as const;
export type BulkBatchState = (typeof BULK_BATCH_STATES)[number];

/** A row that will not be booked: its number as the spreadsheet shows it (the header is row 1) and why, in plain words. */
export const bulkRowProblemDto = z.object({ row: z.number().int(), reasons: z.array(z.string()) });
export type BulkRowProblemDto = z.infer<typeof bulkRowProblemDto>;

export const bulkBatchDto = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(BULK_BATCH_STATES),
  ownerId: z.string(),
  totalRows: z.number().int(),
  /** Rows checked so far (the progress bar while checking). */
  checkedRows: z.number().int(),
  validRows: z.number().int(),
  /** Rows booked so far (the progress bar while booking). */
  bookedRows: z.number().int(),
  /** The priced total of the valid rows (cents). */
  totalInCents: z.number().int(),
  /** Every wrong row, in row order. */
  wrongRows: z.array(bulkRowProblemDto),
  /** Valid rows that could not be booked when confirmed (the price or the rules changed since the check). */
  failures: z.array(bulkRowProblemDto),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BulkBatchDto = z.infer<typeof bulkBatchDto>;

export const bulkBatchParams = z.object({ id: z.uuid('Batch not found') });

/** The multipart fields beside the file: staff name the customer they book for. */
export const bulkUploadFields = z.object({ ownerId: z.uuid('Choose the customer').optional() });
