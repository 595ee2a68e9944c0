import { t } from '@lingui/core/macro';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { Button } from '../ui/button';

/** The spec's export file name: the table's title, then `_all.csv` ("Shipments" → `Shipments_all.csv`). */
export function exportFileName(title: string): string {
  return `${title.trim().replace(/\s+/g, '_')}_all.csv`;
}

export interface ExportSource {
  /** The whole filtered set as the server streams it (never one page assembled in the browser). */
  fetchFile: (signal: AbortSignal) => Promise<Blob>;
  /** Changes whenever the filters change: a file prepared for other filters is dropped. */
  key: string;
}

type State = { step: 'idle' } | { step: 'preparing' } | { step: 'ready'; blob: Blob };

/**
 * Export → (the server streams the filtered rows) → Download CSV. The button says what it will do next;
 * a file prepared for other filters is never offered.
 */
export function ExportButton({ title, source }: { title: string; source: ExportSource }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies(source.key): other filters are what drop the prepared file
  useEffect(() => {
    controller.current?.abort();
    setState({ step: 'idle' });
  }, [source.key]);
  useEffect(() => () => controller.current?.abort(), []);

  const prepare = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'preparing' });
    try {
      const blob = await source.fetchFile(abort.signal);
      if (!abort.signal.aborted) setState({ step: 'ready', blob });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ step: 'idle' });
      toast.error(t`The export failed`, { description: errorMessage(error) });
    }
  };

  if (state.step === 'ready') {
    return (
      <Button variant="primary" onClick={() => saveBlob(state.blob, exportFileName(title))}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {t`Download CSV`}
      </Button>
    );
  }
  return (
    <Button variant="secondary" onClick={prepare} loading={state.step === 'preparing'}>
      {state.step === 'preparing' ? null : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
      {state.step === 'preparing' ? t`Preparing export` : t`Export`}
    </Button>
  );
}
