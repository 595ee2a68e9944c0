import type { CreateApiKeyInput, CreatedApiKeyDto } from '@hatid/domain';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { AlertTriangle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/input';
import { FormModal, Modal } from '../../../components/ui/modal';
import { formProblemOf } from '../../../lib/form-errors';
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
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ApiKeyFormValues, unknown, CreateApiKeyInput>({
    resolver: createResolver,
    defaultValues: { name: '', scopes: ['shipments:read', 'shipments:write'], expiresOn: '' },
  });

  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      setCreated(await create.mutateAsync(input));
    } catch (error) {
      const line = formProblemOf(error, form.setError, apiKeyFieldOf);
      if (line) setProblem(line);
    }
  });

  if (created) return <CreatedApiKey created={created} onClose={close} />;
  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title="Create API key"
      description="A key lets your own system book and track your business's shipments. It acts as you."
      submitLabel="Create API key"
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ApiKeyFields form={form} />
    </FormModal>
  );
}

/** The new key, shown this once. */
function CreatedApiKey({ created, onClose }: { created: CreatedApiKeyDto; onClose: () => void }) {
  const ids = { key: useId(), example: useId() };
  const example = exampleCall(created.key, window.location.origin);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="API key created"
      description={`“${created.name}” (${keyPrefixText(created)})`}
      size="lg"
      footer={
        <DialogPrimitive.Close asChild>
          <Button>Done</Button>
        </DialogPrimitive.Close>
      }
    >
      <div className="flex flex-col gap-4">
        <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          <p>
            <strong className="font-semibold">Copy this key now: it will not be shown again.</strong> Hatid keeps only a fingerprint of it. Store it
            where your system keeps its secrets; if it is lost, revoke it and create a new one.
          </p>
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.key} className="text-sm font-medium text-slate-800">
            Your API key
          </label>
          <div className="flex gap-2">
            <Input id={ids.key} readOnly value={created.key} spellCheck={false} autoComplete="off" className="font-mono" onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={created.key} label="Copy API key" variant="primary" />
          </div>
        </div>

        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <h3 id={ids.example} className="text-sm font-medium text-slate-800">
              Try it
            </h3>
            <CopyButton value={example} label="Copy example" />
          </div>
          <pre aria-labelledby={ids.example} className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-100">
            {example}
          </pre>
          <p className="text-xs text-slate-500">
            Send it as <code className="font-mono">Authorization: Bearer …</code> (or <code className="font-mono">X-API-Key</code>) without a session cookie. The key
            books and reads shipments only, within the scopes chosen.
          </p>
        </div>
      </div>
    </Modal>
  );
}
