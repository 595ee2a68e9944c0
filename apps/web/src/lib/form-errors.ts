import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../lib/toast';
import { errorMessage, fieldErrorMessage, isApiError } from './api-client';

export interface PlaceOptions<T extends FieldValues> {
  /**
   * Whether the first field placed takes the focus: true (default), false, or per field (a group of
   * checkboxes, say, is a poor place to land).
   */
  focus?: boolean | ((field: Path<T>) => boolean);
}

/**
 * Puts each `details` entry of an API error on the form field `fieldOf` names for it. Returns the messages
 * that have no field, or null when the error carries no field details at all (a network error, a 500…).
 */
export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (apiField: string) => Path<T> | null | undefined,
  options: PlaceOptions<T> = {},
): string[] | null {
  if (!isApiError(error) || !error.details?.length) return null;
  const focus = options.focus ?? true;
  const unplaced: string[] = [];
  let first = true;
  for (const detail of error.details) {
    const field = fieldOf(detail.field);
    if (field) {
      const shouldFocus = first && (typeof focus === 'function' ? focus(field) : focus);
      setError(field, { type: 'server', message: fieldErrorMessage(detail) }, { shouldFocus });
      first = false;
    } else {
      unplaced.push(fieldErrorMessage(detail));
    }
  }
  return unplaced;
}

/**
 * For forms that say what went wrong in a line of their own: places the field errors and returns the
 * sentence for that line (the messages without a field, or the error's own message), or null when every
 * message found its field.
 */
export function formProblemOf<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (apiField: string) => Path<T> | null | undefined,
  options: PlaceOptions<T> = {},
): string | null {
  const unplaced = placeFieldErrors(error, setError, fieldOf, options);
  if (unplaced === null) return errorMessage(error);
  return unplaced.length ? unplaced.join(' ') : null;
}

/**
 * Shows an API error where the person will see it: each `details` entry on its form field when the form
 * has that field, everything else as a toast with the server's message.
 */
export function showFormError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): void {
  // The server may name fields "body.firstName" or "firstName".
  const fieldOf = (apiField: string) => {
    const field = apiField.replace(/^(body|query|params)\./, '');
    return fields.includes(field) ? (field as Path<T>) : null;
  };
  const unplaced = placeFieldErrors(error, setError, fieldOf);
  if (unplaced === null) toast.error(errorMessage(error));
  else if (unplaced.length) toast.error(errorMessage(error), { description: unplaced.join(' ') });
}
