import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formProblemOf, type PlaceOptions } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';

/** What an edit that changed nothing says, instead of sending an empty change. */
export const NOTHING_CHANGED = msg`Nothing has changed.`;

/** The success toast after a save: its title and the record it was about. */
export interface SavedToast {
  title: string;
  description: string;
}

export interface FormSaveOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The form field an API error's `details` entry belongs on (null: the problem line). */
  fieldOf: (apiField: string) => Path<T> | null | undefined;
  placeOptions?: PlaceOptions<T>;
  /**
   * A screen that places some errors elsewhere (an owner's box, a file's field): puts them there and
   * returns the problem line, or null. Without it every error goes through `fieldOf`.
   */
  placeError?: (error: unknown) => string | null;
  /** Closes the modal after the save. */
  onSaved: () => void;
}

/**
 * The console's form modals save the same way: an edit that changed nothing says so and sends nothing;
 * a save toasts what it saved and closes; a refusal puts each message on its field and the rest in the
 * modal's problem line.
 */
export function useFormSave<T extends FieldValues>(options: FormSaveOptions<T>) {
  const { i18n } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (unchanged: boolean, send: () => Promise<SavedToast>): Promise<void> => {
    setProblem(null);
    if (unchanged) {
      setProblem(i18n._(NOTHING_CHANGED));
      return;
    }
    try {
      const saved = await send();
      toast.success(saved.title, { description: saved.description });
      options.onSaved();
    } catch (error) {
      const line = options.placeError ? options.placeError(error) : formProblemOf(error, options.setError, options.fieldOf, options.placeOptions);
      if (line) setProblem(line);
    }
  };
  return { problem, setProblem, save };
}
