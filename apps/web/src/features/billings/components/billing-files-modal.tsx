import type { BillingDto } from '@hatid/domain';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { FileText, Trash2, Upload } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAccess } from '../../../lib/ability';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAddBillingAttachment, useBilling, useRemoveBillingAttachment } from '../api/billings';
import { canChangeBillings } from '../lib/billing-actions';
import { billingName } from './billing-row-menu';
import { FILE_TYPES, fileProblem } from '../lib/record-form';

/**
 * The spec's "billing file management": the billing's attachments, each opening in a new tab; whoever may
 * change billings uploads a file (POST /uploads) and attaches it under a name, or removes one after a
 * confirmation. Readers see the list only.
 */
export function BillingFilesModal({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const { t } = useLingui();
  const { ability } = useAccess();
  const canChange = canChangeBillings(ability);
  const detail = useBilling(billing.id);
  const add = useAddBillingAttachment();
  const remove = useRemoveBillingAttachment();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const ids = { file: useId(), name: useId() };
  const attachments = detail.data?.attachments ?? [];

  const attach = () => {
    setProblem(null);
    if (!file) {
      setFileError(t`Choose a file to attach`);
      return;
    }
    const problemOfFile = fileProblem(file);
    if (problemOfFile) {
      setFileError(problemOfFile);
      return;
    }
    const label = name.trim() || file.name;
    add.mutate(
      { id: billing.id, file, name: label.slice(0, 200) },
      {
        onSuccess: () => {
          toast.success(t`File attached`, { description: label });
          setFile(null);
          setName('');
          setInputKey((k) => k + 1);
        },
        onError: (error) => {
          const onFile = isApiError(error) ? error.details?.find((d) => /(uploadId|content|fileName|file)$/.test(d.field)) : undefined;
          if (onFile) setFileError(onFile.message);
          else setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={t`Billing files`}
        description={billingName(billing)}
        size="lg"
        footer={
          <DialogPrimitive.Close asChild>
            <Button variant="secondary">
              <Trans>Close</Trans>
            </Button>
          </DialogPrimitive.Close>
        }
      >
        <div className="flex flex-col gap-4">
          {detail.isPending ? (
            <Spinner label={t`Loading the files`} className="py-4" />
          ) : detail.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(detail.error)}
            </p>
          ) : attachments.length === 0 ? (
            <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700">
              <Trans>No files attached yet.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Attached files`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {attachments.map((a) => (
                <li key={a.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <a href={a.url} target="_blank" rel="noreferrer" className="truncate font-medium text-teal-800 underline-offset-4 hover:underline">
                      {a.name}
                    </a>
                    <span className="text-xs text-slate-500">
                      {formatDateTime(a.createdAt)}
                      {a.uploadedByName ? ` · ${a.uploadedByName}` : ''}
                    </span>
                  </span>
                  {canChange ? (
                    <Button variant="ghost" size="icon" aria-label={t`Remove ${a.name}`} onClick={() => setRemoving({ id: a.id, name: a.name })}>
                      <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}

          {canChange ? (
            <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">
                <Trans>Attach a file</Trans>
              </legend>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.file} className="text-sm font-medium text-slate-800">
                  <Trans>File</Trans>
                </label>
                <input
                  key={inputKey}
                  id={ids.file}
                  type="file"
                  accept={FILE_TYPES}
                  aria-invalid={fileError ? true : undefined}
                  aria-describedby={`${ids.file}-hint${fileError ? ` ${ids.file}-error` : ''}`}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
                  onChange={(event) => {
                    const next = event.target.files?.[0] ?? null;
                    setFile(next);
                    setFileError(next ? fileProblem(next) : null);
                  }}
                />
                <p id={`${ids.file}-hint`} className="text-xs text-slate-500">
                  <Trans>An image or a PDF, 10 MB at most.</Trans>
                </p>
                {fileError ? (
                  <p id={`${ids.file}-error`} role="alert" className="text-sm text-red-600">
                    {fileError}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.name} className="text-sm font-medium text-slate-800">
                  <Trans>
                    Name <span className="font-normal text-slate-500">(optional)</span>
                  </Trans>
                </label>
                <Input
                  id={ids.name}
                  value={name}
                  maxLength={200}
                  placeholder={file?.name ?? t`The file name`}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              {problem ? (
                <p role="alert" className="text-sm text-red-600">
                  {problem}
                </p>
              ) : null}
              <Button className="self-start" onClick={attach} loading={add.isPending}>
                {add.isPending ? null : <Upload className="h-4 w-4" aria-hidden="true" />}
                <Trans>Attach file</Trans>
              </Button>
            </fieldset>
          ) : null}
        </div>
      </Modal>
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          title={t`Remove this file?`}
          description={t`${removing.name} is no longer attached to the billing.`}
          confirmLabel={t`Remove file`}
          destructive
          pending={remove.isPending}
          onConfirm={() => {
            setRemoveProblem(null);
            remove.mutate(
              { id: billing.id, attachmentId: removing.id },
              {
                onSuccess: () => {
                  toast.success(t`File removed`, { description: removing.name });
                  setRemoving(null);
                },
                onError: (error) => setRemoveProblem(errorMessage(error)),
              },
            );
          }}
        >
          {removeProblem ? (
            <p role="alert" className="text-red-600">
              {removeProblem}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
