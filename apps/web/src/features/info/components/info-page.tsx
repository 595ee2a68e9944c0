import type { ReactNode } from 'react';

/** The frame of the information pages: one h1, a lead paragraph, then h2 sections. */
export function InfoPage({ titleId, title, lead, children }: { titleId: string; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6" aria-labelledby={titleId}>
      <header>
        <h1 id={titleId} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <div className="mt-2 text-sm text-slate-600">{lead}</div>
      </header>
      {children}
    </article>
  );
}

/** An h2 section; its body is prose styled for reading. */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 text-sm leading-relaxed break-words text-slate-700 [&_h3]:mt-2 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ul]:list-disc [&_ul]:space-y-1.5">
        {children}
      </div>
    </section>
  );
}
