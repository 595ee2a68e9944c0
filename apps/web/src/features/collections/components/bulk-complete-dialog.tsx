import type { CollectionBulkResult, CollectionDto } from '@hatid/domain';
import { RefusedRows } from '../../../components/data-table/refused-rows';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBulkCollectionStatus } from '../api/collections';
import { collectionName } from './collection-row-menu';
import { plural } from '../../../lib/plural';

const collections = (n: number) => plural(n, { one: 'collection', other: 'collections' });

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
  const bulk = useBulkCollectionStatus();
  const [result, setResult] = useState<CollectionBulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());

  if (result) {
    const nameOf = (id: string) => {
      const row = rows.find((r) => r.id === id);
      return row ? collectionName(row).replace(/^the /, '') : id;
    };
    return (
      <Modal
        open
        onOpenChange={onOpenChange}
        title="Mark completed"
        footer={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <RefusedRows
          summary={`${collections(result.updated.length)} completed. ${result.failed.length} refused:`}
          label="Refused collections"
          rows={result.failed.map((f) => ({ key: f.id, name: nameOf(f.id), message: f.message }))}
        />
      </Modal>
    );
  }

  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={onOpenChange}
      title={`Mark ${collections(ids.length)} completed?`}
      description="The cash is taken at the hub and you are recorded as having received it. A collection already completed or cancelled is refused on its own; the others still move."
      confirmLabel="Mark completed"
      pending={bulk.isPending}
      onConfirm={() => {
        setProblem(null);
        bulk.mutate(
          { ids, status: 'completed' },
          {
            onSuccess: (next) => {
              onDone(next);
              if (next.failed.length === 0) {
                toast.success(`${collections(next.updated.length)} completed`);
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
