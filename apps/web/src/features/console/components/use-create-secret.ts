import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formProblemOf } from '../../../lib/form-errors';

/**
 * "Create, then show its secret once" (API keys, webhook endpoints): the created record, secret and all, lives only
 * in this state; closing drops it and resets the create call, so nothing else holds the secret. A refusal puts each
 * message on its field and the rest in the modal's problem line.
 */
export function useCreateSecret<T extends FieldValues, TInput, TCreated>(options: {
  create: { mutateAsync: (input: TInput) => Promise<TCreated>; reset: () => void };
  setError: UseFormSetError<T>;
  fieldOf: (apiField: string) => Path<T> | null | undefined;
  onClose: () => void;
}) {
  const [created, setCreated] = useState<TCreated | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setCreated(null);
    options.create.reset();
    options.onClose();
  };
  const submit = async (input: TInput) => {
    setProblem(null);
    try {
      setCreated(await options.create.mutateAsync(input));
    } catch (error) {
      const line = formProblemOf(error, options.setError, options.fieldOf);
      if (line) setProblem(line);
    }
  };
  return { created, problem, close, submit };
}
