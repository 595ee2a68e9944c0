import { API_KEY_SCOPES, type ApiKeyScope } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toIsoDate } from '../../../lib/format';
import { API_KEY_SCOPE_NAMES } from '../lib/api-key-actions';
import type { ApiKeyFormValues } from '../lib/api-key-form';

/**
 * The key's name, its scopes (each with what it allows) and an optional expiry day: the same fields to
 * make a key and to change one.
 */
// biome-ignore lint/suspicious/noExplicitAny: the create and edit forms send different shapes
export function ApiKeyFields({ form }: { form: UseFormReturn<ApiKeyFormValues, unknown, any> }) {
  const { t, i18n } = useLingui();
  const errors = form.formState.errors;
  const scopes = useWatch({ control: form.control, name: 'scopes' });
  const ids = { scopes: useId() };
  const scopesError = errors.scopes?.message ?? errors.scopes?.find?.((e) => e?.message)?.message;
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    form.setValue(
      'scopes',
      API_KEY_SCOPES.filter((s) => (s === scope ? on : scopes.includes(s))),
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );

  return (
    <>
      <FormField label={t`Name`} hint={t`What uses it, e.g. “Warehouse system”. Shown in the list, never to your customers.`} error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} maxLength={60} autoComplete="off" />}
      </FormField>

      <fieldset aria-describedby={scopesError ? `${ids.scopes}-error` : undefined} className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Scopes</Trans>
        </legend>
        <p className="-mt-1 text-xs text-slate-500">
          <Trans>What the key may do; every other call is refused.</Trans>
        </p>
        {API_KEY_SCOPES.map((scope) => {
          const id = `${ids.scopes}-${scope}`;
          return (
            <div key={scope} className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
                checked={scopes.includes(scope)}
                aria-invalid={scopesError ? true : undefined}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <label htmlFor={id} className="flex flex-col text-sm text-slate-800">
                <span>{i18n._(API_KEY_SCOPE_NAMES[scope])}</span>
                <code className="font-mono text-xs text-slate-500">{scope}</code>
              </label>
            </div>
          );
        })}
        {scopesError ? (
          <p id={`${ids.scopes}-error`} role="alert" className="text-sm text-red-600">
            {scopesError}
          </p>
        ) : null}
      </fieldset>

      <FormField
        label={t`Expires on`}
        optional
        hint={t`The key stops working when this day ends (Manila time). Empty: it does not expire.`}
        error={errors.expiresOn?.message}
      >
        {(control) => <Input {...control} {...form.register('expiresOn')} type="date" min={toIsoDate(new Date())} />}
      </FormField>
    </>
  );
}
