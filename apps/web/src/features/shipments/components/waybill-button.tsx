import { Trans, useLingui } from '@lingui/react/macro';
import { FileDown } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadAirWaybills } from '../api/download-air-waybills';
import { saveBlob } from '../lib/files';

/** Downloads one shipment's air waybill as a printable 4x6 in PDF. */
export function WaybillButton({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useLingui();
  const download = useDownloadAirWaybills();
  const onClick = async () => {
    try {
      const file = await download.mutateAsync({ trackingNumbers: [trackingNumber], format: 'pdf' });
      saveBlob(file.blob, file.fileName);
      toast.success(t`Waybill downloaded`, { description: file.fileName });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Button variant="secondary" onClick={onClick} loading={download.isPending}>
      {download.isPending ? null : <FileDown className="h-4 w-4" aria-hidden="true" />}
      <Trans>Download waybill (PDF)</Trans>
    </Button>
  );
}
