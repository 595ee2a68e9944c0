import * as DialogPrimitive from '@radix-ui/react-dialog';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { X } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { ConfirmDialog } from './dialog';

/**
 * The console's modal kinds (product.md §2): add, edit, view, and delete or duplicate confirmation. One
 * Radix dialog underneath (focus trapped, Escape closes), scrolling inside on a 360 px phone.
 */

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: 'md' | 'lg';
  children: ReactNode;
  footer?: ReactNode;
}

export function Modal({ open, onOpenChange, title, description, size = 'md', children, footer }: ModalProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none',
            size === 'lg' ? 'max-w-2xl' : 'max-w-md',
          )}
          // Without a description Radix warns; an empty one is worse than none for screen readers.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description> : null}
            </div>
            <DialogPrimitive.Close
              className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              aria-label={t`Close`}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-end">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Add and edit: a form whose submit button sits in the footer. */
export function FormModal({
  submitLabel,
  onSubmit,
  pending,
  problem,
  children,
  ...modal
}: Omit<ModalProps, 'footer'> & {
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending?: boolean;
  /** Why the form was not sent (or what the server refused), shown above the buttons. */
  problem?: string | null;
}) {
  return (
    <Modal {...modal}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {children}
        {problem ? (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DialogPrimitive.Close asChild>
            <Button variant="secondary">{t`Cancel`}</Button>
          </DialogPrimitive.Close>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A modal that only tells (a result, a secret shown once): its one button, "Done", closes it. */
export function DoneModal({ children, ...modal }: Omit<ModalProps, 'footer'>) {
  return (
    <Modal
      {...modal}
      footer={
        <DialogPrimitive.Close asChild>
          <Button>{t`Done`}</Button>
        </DialogPrimitive.Close>
      }
    >
      {children}
    </Modal>
  );
}

/** View: read-only fields, label above value, with a Close button. */
export function ViewModal({
  fields,
  children,
  ...modal
}: Omit<ModalProps, 'footer' | 'children'> & { fields: { label: string; value: ReactNode }[]; children?: ReactNode }) {
  return (
    <Modal
      {...modal}
      footer={
        <DialogPrimitive.Close asChild>
          <Button variant="secondary">{t`Close`}</Button>
        </DialogPrimitive.Close>
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{field.label}</dt>
            <dd className="mt-0.5 text-sm break-words text-slate-900">{field.value}</dd>
          </div>
        ))}
      </dl>
      {children ? <div className="mt-4">{children}</div> : null}
    </Modal>
  );
}

const CONFIRM_TEXT: Record<'delete' | 'duplicate', { title: (what: string) => MessageDescriptor; confirm: MessageDescriptor; destructive: boolean }> = {
  delete: { title: (what) => msg`Delete ${what}?`, confirm: msg`Delete`, destructive: true },
  duplicate: { title: (what) => msg`Duplicate ${what}?`, confirm: msg`Duplicate`, destructive: false },
};

/** Delete or duplicate confirmation: the spec's last modal kind. */
export function ConfirmActionDialog({
  kind,
  what,
  description,
  ...rest
}: {
  kind: keyof typeof CONFIRM_TEXT;
  /** What is acted on, e.g. "shipment ND123…PH". */
  what: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending?: boolean;
  confirmDisabled?: boolean;
  children?: ReactNode;
}) {
  const text = CONFIRM_TEXT[kind];
  return (
    <ConfirmDialog {...rest} title={i18n._(text.title(what))} description={description} confirmLabel={i18n._(text.confirm)} destructive={text.destructive} />
  );
}
