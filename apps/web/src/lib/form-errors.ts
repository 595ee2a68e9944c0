import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { errorMessage, isApiError } from './api-client';

/**
 * Shows an API error where the person will see it: each `details` entry on its form field when the form
 * has that field, everything else as a toast with the server's message.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): void {
  if (isApiError(error) && error.details?.length) {
    const unplaced: string[] = [];
    let first = true;
    for (const detail of error.details) {
      // The server may name fields "body.firstName" or "firstName".
      const field = detail.field.replace(/^(body|query|params)\./, '');
      if (fields.includes(field)) {
        setError(field as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: first });
        first = false;
      } else {
        unplaced.push(detail.message);
      }
    }
    if (unplaced.length) toast.error(error.message, { description: unplaced.join(' ') });
    return;
  }
  toast.error(errorMessage(error));
}
