/** UI timings and sizes of product.md §2 and §9, shared so web and tests agree. */

/** Wait before each retry of a failed request; the list length is the number of retries. */
export const RETRY_DELAYS_MS = [350, 500, 1000, 1500, 3000] as const;
export const TOAST_DURATION_MS = 4000;
export const COPY_CONFIRMATION_MS = 2000;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE = 10;

/** Every request carries a trace id in this header; the server echoes it and logs it (docs/api.md). */
export const TRACE_ID_HEADER = 'x-trace-id';

/** Page sizes a list offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
