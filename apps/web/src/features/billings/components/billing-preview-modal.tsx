import type { BillingDto } from '@hatid/domain';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, ExternalLink } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { billingPreviewUrl } from '../api/billings';
import { billingName } from './billing-row-menu';

/** A file name for the statement: "Billing_Dela_Cruz_Trading_2026-11-01_2026-11-30.pdf". */
export const previewFileName = (b: Pick<BillingDto, 'businessName' | 'customerName' | 'periodStart' | 'periodEnd'>) =>
  `Billing_${(b.businessName ?? b.customerName).trim().replace(/[^A-Za-z0-9]+/g, '_')}_${b.periodStart}_${b.periodEnd}.pdf`;

/**
 * The spec's "billing preview": the statement the server renders (GET /billings/{id}/preview, a PDF) shown in
 * the page, with a download link and a link to open it in a tab (a phone's browser may not show PDFs inline).
 */
export function BillingPreviewModal({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const { t } = useLingui();
  const url = billingPreviewUrl(billing.id);
  const name = billingName(billing);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Billing preview`}
      description={billingName(billing)}
      size="lg"
      footer={
        <>
          <DialogPrimitive.Close asChild>
            <Button variant="secondary">
              <Trans>Close</Trans>
            </Button>
          </DialogPrimitive.Close>
          <a href={url} target="_blank" rel="noreferrer" className={buttonClasses('secondary')}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <Trans>Open in a new tab</Trans>
          </a>
          <a href={url} download={previewFileName(billing)} className={buttonClasses('primary')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            <Trans>Download PDF</Trans>
          </a>
        </>
      }
    >
      <iframe title={t`Statement of ${name}`} src={url} className="h-[70vh] w-full rounded-lg border border-slate-200 bg-slate-50" />
    </Modal>
  );
}
