import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { errorMessage, fieldErrorMessage, isApiError } from '../../../lib/api-client';

const TOASTS = {
  created: msg`Ticket created successfully`,
  updated: msg`Ticket updated successfully`,
  deleted: msg`Ticket deleted successfully`,
  createFailed: msg`Failed to create ticket`,
  updateFailed: msg`Failed to update ticket`,
  deleteFailed: msg`Failed to delete ticket`,
} as const;

/**
 * The spec's ticket toasts (product.md §8): the server's message, or the fallback when there is none. Each is
 * said in the reader's language when it is read (a toast is shown once, at the moment it happens).
 */
export const TICKET_TOASTS = Object.defineProperties({} as Record<keyof typeof TOASTS, string>, {
  ...Object.fromEntries(Object.entries(TOASTS).map(([key, message]) => [key, { get: () => i18n._(message), enumerable: true }])),
});

/**
 * The server's own message when it sent one: an error body with a code. A network failure (status 0) or
 * an answer without our error shape (code HTTP_<status>) has no server message, so the fallback is shown.
 */
export function ticketFailureMessage(error: unknown, fallback: string): string {
  const fromServer = isApiError(error) && error.statusCode > 0 && !error.code.startsWith('HTTP_') && error.message.trim() !== '';
  return fromServer ? errorMessage(error) : fallback;
}

/**
 * A failed ticket call: each field message from the server goes on its field (the shipment id counts as
 * the shipment picker), and the toast says what the server said, or the fallback.
 */
export function showTicketFailure<T extends FieldValues>(
  error: unknown,
  fallback: string,
  form?: { setError: UseFormSetError<T>; fields: readonly string[] },
): void {
  if (form && isApiError(error)) {
    let first = true;
    for (const detail of error.details ?? []) {
      const raw = detail.field.replace(/^(body|query|params)\./, '');
      const field = raw === 'shipmentId' ? 'trackingNumber' : raw;
      if (!form.fields.includes(field)) continue;
      form.setError(field as Path<T>, { type: 'server', message: fieldErrorMessage(detail) }, { shouldFocus: first });
      first = false;
    }
  }
  toast.error(ticketFailureMessage(error, fallback));
}
