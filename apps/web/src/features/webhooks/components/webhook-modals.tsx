import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookEndpointDto, WebhookEndpointWithSecretDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ConfirmActionDialog, FormModal } from '../../../components/ui/modal';
import { SecretShownOnceModal } from '../../../components/ui/secret-shown-once';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSecret } from '../../console/components/use-create-secret';
import { toast } from '../../../lib/toast';
import { useFormSave } from '../../console/components/use-form-save';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useRotateWebhookSecret, useUpdateWebhookEndpoint } from '../api/webhooks';
import { createResolver, editResolver, webhookFieldOf, type WebhookFormValues } from '../lib/webhook-form';
import { endpointName } from '../lib/webhook-labels';
import { WebhookFields } from './webhook-fields';

/**
 * "Add endpoint": URL, events, description (and, for admins, the business); then the signing secret, this
 * once. The secret lives only in this modal's state (and the create call's, dropped with it).
 */
export function CreateWebhookModal({ pickBusiness, onClose }: { pickBusiness: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const create = useCreateWebhookEndpoint();
  const form = useForm<WebhookFormValues, unknown, CreateWebhookEndpointInput>({
    resolver: createResolver(pickBusiness),
    defaultValues: { url: '', events: ['shipment.status_changed'], description: '', businessId: '' },
  });

  const { created, problem, close, submit } = useCreateSecret({ create, setError: form.setError, fieldOf: webhookFieldOf, onClose });
  const onSubmit = form.handleSubmit(submit);

  if (created) return <WebhookSecret endpoint={created} title={t`Webhook endpoint added`} onClose={close} />;
  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={t`Add webhook endpoint`}
      description={t`Hatid POSTs the chosen events of the business's shipments to this URL, signed with a secret shown once.`}
      submitLabel={t`Add endpoint`}
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <WebhookFields form={form} pickBusiness={pickBusiness} />
    </FormModal>
  );
}

/** The signing secret, shown this once (after adding an endpoint or rotating its secret). */
export function WebhookSecret({ endpoint, title, onClose }: { endpoint: WebhookEndpointWithSecretDto; title: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <SecretShownOnceModal
      title={title}
      description={endpoint.url}
      warning={{
        headline: t`Copy this secret now: it will not be shown again.`,
        body: (
          <Trans>
            Your receiver checks each request's <code className="font-mono">Hatid-Signature</code> with it. If it is lost, rotate the secret.
          </Trans>
        ),
      }}
      label={t`Signing secret`}
      secret={endpoint.secret}
      copyLabel={t`Copy secret`}
      onClose={onClose}
    >
      <p className="text-xs text-slate-500">
        <Trans>
          <code className="font-mono">v1 = HMAC-SHA256(secret, t + "." + rawBody)</code>, hex; see the webhooks guide for Node.js and Python.
        </Trans>
      </p>
    </SecretShownOnceModal>
  );
}

/** Edit an endpoint: URL, events or description; only what changed is sent (PATCH). */
export function EditWebhookModal({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateWebhookEndpoint();
  const name = endpointName(endpoint);
  const form = useForm<WebhookFormValues, unknown, UpdateWebhookEndpointInput>({
    resolver: editResolver(endpoint),
    defaultValues: { url: endpoint.url, events: [...endpoint.events], description: endpoint.description ?? '', businessId: endpoint.businessId },
  });
  const { problem, save } = useFormSave({ setError: form.setError, fieldOf: webhookFieldOf, onSaved: onClose });
  const onSubmit = form.handleSubmit((input) =>
    save(Object.keys(input).length === 0, async () => {
      const saved = await update.mutateAsync({ id: endpoint.id, input });
      return { title: t`Webhook endpoint updated`, description: endpointName(saved) };
    }),
  );
  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Edit webhook endpoint`}
      description={t`${name}. The secret stays the same.`}
      submitLabel={t`Save changes`}
      pending={update.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <WebhookFields form={form} />
    </FormModal>
  );
}

/** Switch an endpoint off (its events wait) or on again (what waited goes out). */
export function ToggleWebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const update = useUpdateWebhookEndpoint();
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useLingui();
  const on = endpoint.status === 'disabled';
  const name = endpointName(endpoint);
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={on ? t`Switch this endpoint on?` : t`Switch this endpoint off?`}
      description={
        on
          ? t`${name} gets events again, starting with those that waited. Failed deliveries stay failed until you replay them.`
          : t`${name} gets no events until it is switched on again; they wait meanwhile.`
      }
      confirmLabel={on ? t`Switch on` : t`Switch off`}
      destructive={!on}
      pending={update.isPending}
      onConfirm={() => {
        setProblem(null);
        update.mutate(
          { id: endpoint.id, input: { enabled: on } },
          {
            onSuccess: (saved) => {
              toast.success(on ? t`Webhook endpoint switched on` : t`Webhook endpoint switched off`, { description: endpointName(saved) });
              onClose();
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    />
  );
}

/** Rotate the secret after asking; the new one is shown once, and the old one stops signing at once. */
export function RotateWebhookSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const { t } = useLingui();
  const rotate = useRotateWebhookSecret();
  const name = endpointName(endpoint);
  const [problem, setProblem] = useState<string | null>(null);
  const [rotated, setRotated] = useState<WebhookEndpointWithSecretDto | null>(null);
  const close = () => {
    setRotated(null);
    rotate.reset();
    onClose();
  };
  if (rotated) return <WebhookSecret endpoint={rotated} title={t`New signing secret`} onClose={close} />;
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={t`Rotate the signing secret?`}
      description={t`Requests to ${name} are signed with a new secret from now on; your receiver must be given it, or it will refuse them.`}
      confirmLabel={t`Rotate secret`}
      destructive
      pending={rotate.isPending}
      onConfirm={() => {
        setProblem(null);
        rotate.mutate(endpoint.id, { onSuccess: setRotated, onError: (error) => setProblem(errorMessage(error)) });
      }}
    />
  );
}

/** Delete an endpoint after asking: no more events go to it, and its delivery log goes with it. */
export function DeleteWebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpointDto; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteWebhookEndpoint();
  const name = endpointName(endpoint);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ConfirmActionDialog
      kind="delete"
      what={t`webhook endpoint ${name}`}
      description={t`No more events are sent to it, and its delivery log is deleted with it. This cannot be undone.`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      pending={remove.isPending}
      onConfirm={() => {
        setProblem(null);
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            toast.success(t`Webhook endpoint deleted`, { description: name });
            onClose();
          },
          onError: (error) => setProblem(errorMessage(error)),
        });
      }}
    >
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </ConfirmActionDialog>
  );
}
