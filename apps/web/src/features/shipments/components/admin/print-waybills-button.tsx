import { Trans, useLingui } from '@lingui/react/macro';
import { Printer } from 'lucide-react';
import { toast } from '../../../../lib/toast';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/api-client';
import { useDownloadAirWaybills } from '../../api/download-air-waybills';
import { saveBlob } from '../../lib/files';

/**
 * One PDF with a 4x6 in label for each selected shipment (POST /shipments/air-waybill/download). A cancelled
 * one in the selection is left out (skipCancelled) and named, so the others still print.
 */
export function PrintWaybillsButton({ trackingNumbers }: { trackingNumbers: string[] }) {
  const { t } = useLingui();
  const download = useDownloadAirWaybills();
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={download.isPending}
      onClick={async () => {
        try {
          const file = await download.mutateAsync({ trackingNumbers, format: 'pdf', skipCancelled: true });
          saveBlob(file.blob, file.fileName);
          const skipped = file.skipped ?? [];
          if (skipped.length > 0) {
            const printed = trackingNumbers.length - skipped.length;
            const total = trackingNumbers.length;
            const list = skipped.map((trackingNumber) => t`${trackingNumber}: cancelled`).join('; ');
            toast.info(t`Printed ${printed} of ${total} waybills`, { description: t`Skipped ${list}` });
          } else toast.success(t`Waybills downloaded`, { description: file.fileName });
        } catch (error) {
          toast.error(errorMessage(error));
        }
      }}
    >
      {download.isPending ? null : <Printer className="h-4 w-4" aria-hidden="true" />}
      <Trans>Print waybills</Trans>
    </Button>
  );
}
