import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The frame of every sign-in step: a centred card with a title, an optional step line and a lead-in. */
export function AuthCard({ title, step, description, children }: { title: string; step?: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        {step ? <p className="mb-1 text-xs font-medium tracking-wide text-teal-700 uppercase">{step}</p> : null}
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
