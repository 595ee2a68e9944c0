import type { CollectionBulkResult, CollectionDto } from '@hatid/domain';
import { RefusedRows } from '../../../components/data-table/refused-rows';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBulkCollectionStatus } from '../api/collections';
import { collectionCount } from '../lib/collection-actions';
import { handOverName } from './collection-row-menu';

/**
 * "Mark completed" on the ticked collections (PATCH /collections/bulk-status): each moves or is refused on
 * its own. A clean run just says so; otherwise the refused ones stay listed with the server's reason, and
 * the table marks them (onDone).
 */
export function BulkCompleteDialog({
  ids,
  rows,
  onDone,
  onClose,
}: {
  ids: string[];
  /** The rows on screen, to name the refused ones. */
  rows: readonly CollectionDto[];
  onDone: (result: CollectionBulkResult) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const bulk = useBulkCollectionStatus();
  const [result, setResult] = useState<CollectionBulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());

  if (result) {
    const nameOf = (id: string) => {
      const row = rows.find((r) => r.id === id);
      return row ? handOverName(row) : id;
    };
    const completed = collectionCount(result.updated.length);
    const refused = result.failed.length;
    return (
      <Modal
        open
        onOpenChange={onOpenChange}
        title={t`Mark completed`}
        footer={
          <Button variant="secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        }
      >
        <RefusedRows
          summary={t`${completed} completed. ${refused} refused:`}
          label={t`Refused collections`}
          rows={result.failed.map((f) => ({ key: f.id, name: nameOf(f.id), message: f.message }))}
        />
      </Modal>
    );
  }

  const ticked = collectionCount(ids.length);
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={onOpenChange}
      title={t`Mark ${ticked} completed?`}
      description={t`The cash is taken at the hub and you are recorded as having received it. A collection already completed or cancelled is refused on its own; the others still move.`}
      confirmLabel={t`Mark completed`}
      pending={bulk.isPending}
      onConfirm={() => {
        setProblem(null);
        bulk.mutate(
          { ids, status: 'completed' },
          {
            onSuccess: (next) => {
              onDone(next);
              if (next.failed.length === 0) {
                const done = collectionCount(next.updated.length);
                toast.success(t`${done} completed`);
                onClose();
              } else {
                setResult(next);
              }
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    />
  );
}
