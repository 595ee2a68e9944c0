import type { CreateApiKeyInput, CreatedApiKeyDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormModal } from '../../../components/ui/modal';
import { SecretShownOnceModal } from '../../../components/ui/secret-shown-once';
import { useCreateSecret } from '../../console/components/use-create-secret';
import { useCreateApiKey } from '../api/api-keys';
import { keyPrefixText } from '../lib/api-key-actions';
import { apiKeyFieldOf, createResolver, type ApiKeyFormValues } from '../lib/api-key-form';
import { ApiKeyFields } from './api-key-fields';

/** A first call to try the key with: the business's own shipments (shipments:read). */
export const exampleCall = (key: string, origin: string) => `curl -H 'Authorization: Bearer ${key}' ${origin}/api/shipments/me`;

/**
 * "Create API key": name, scopes and an optional expiry; then the key itself, this once, with a copy button,
 * a warning that it is never shown again, and a first call to try it with. The key lives only in this
 * modal's state (and the create call's, dropped with it): closing forgets it, and nothing else holds it.
 */
export function CreateApiKeyModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const create = useCreateApiKey();
  const form = useForm<ApiKeyFormValues, unknown, CreateApiKeyInput>({
    resolver: createResolver,
    defaultValues: { name: '', scopes: ['shipments:read', 'shipments:write'], expiresOn: '' },
  });

  const { created, problem, close, submit } = useCreateSecret({ create, setError: form.setError, fieldOf: apiKeyFieldOf, onClose });
  const onSubmit = form.handleSubmit(submit);

  if (created) return <CreatedApiKey created={created} onClose={close} />;
  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={t`Create API key`}
      description={t`A key lets your own system book and track your business's shipments. It acts as you.`}
      submitLabel={t`Create API key`}
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ApiKeyFields form={form} />
    </FormModal>
  );
}

/** The new key, shown this once, with a first call to try it. */
function CreatedApiKey({ created, onClose }: { created: CreatedApiKeyDto; onClose: () => void }) {
  const { t } = useLingui();
  const exampleId = useId();
  const prefix = keyPrefixText(created);
  const name = created.name;
  const example = exampleCall(created.key, window.location.origin);
  return (
    <SecretShownOnceModal
      title={t`API key created`}
      description={`“${name}” (${prefix})`}
      warning={{
        headline: t`Copy this key now: it will not be shown again.`,
        body: t`Hatid keeps only a fingerprint of it. Store it where your system keeps its secrets; if it is lost, revoke it and create a new one.`,
      }}
      label={t`Your API key`}
      secret={created.key}
      copyLabel={t`Copy API key`}
      onClose={onClose}
    >
      <div className="mt-2.5 flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <h3 id={exampleId} className="text-sm font-medium text-slate-800">
            <Trans>Try it</Trans>
          </h3>
          <CopyButton value={example} label={t`Copy example`} />
        </div>
        {/* A <pre> cannot be named; the figure around it takes the heading as its name. */}
        <figure aria-labelledby={exampleId}>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-100">{example}</pre>
        </figure>
        <p className="text-xs text-slate-500">
          <Trans>
            Send it as <code className="font-mono">Authorization: Bearer …</code> (or <code className="font-mono">X-API-Key</code>) without a session cookie.
            The key books and reads shipments only, within the scopes chosen.
          </Trans>
        </p>
      </div>
    </SecretShownOnceModal>
  );
}
