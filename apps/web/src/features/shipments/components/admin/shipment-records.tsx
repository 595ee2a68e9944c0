import { Trans, useLingui } from '@lingui/react/macro';
import { FileText } from 'lucide-react';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { useShipmentDocuments, useShipmentWeights } from '../../api/shipment-records';

const kg = (grams: number) => `${(grams / 1000).toLocaleString('en-PH', { maximumFractionDigits: 2 })} kg`;

/** Documents attached to the shipment (customs papers, photos), each opening in a new tab. */
export function ShipmentDocuments({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useLingui();
  const documents = useShipmentDocuments(trackingNumber);
  return (
    <Card aria-labelledby="documents-title">
      <CardTitle id="documents-title">
        <Trans>Documents</Trans>
      </CardTitle>
      <div className="mt-3 text-sm">
        {documents.isPending ? (
          <Spinner label={t`Loading documents`} />
        ) : documents.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(documents.error)}
          </p>
        ) : documents.data.length === 0 ? (
          <p className="text-slate-600">
            <Trans>No documents.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {documents.data.map((doc) => (
              <li key={doc.id} className="flex items-start gap-2">
                <FileText className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0">
                  <a href={doc.url} target="_blank" rel="noreferrer" className="font-medium break-all text-teal-800 underline-offset-4 hover:underline">
                    {doc.name || doc.fileName}
                  </a>
                  <span className="block text-xs text-slate-500">
                    {doc.documentType.toUpperCase()} · {formatDateTime(doc.createdAt)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** Weighings at the hubs, newest first, with the volumetric weight where measured. */
export function ShipmentWeights({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useLingui();
  const weights = useShipmentWeights(trackingNumber);
  return (
    <Card aria-labelledby="weights-title">
      <CardTitle id="weights-title">
        <Trans>Weights</Trans>
      </CardTitle>
      <div className="mt-3 text-sm">
        {weights.isPending ? (
          <Spinner label={t`Loading weights`} />
        ) : weights.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(weights.error)}
          </p>
        ) : weights.data.length === 0 ? (
          <p className="text-slate-600">
            <Trans>Not weighed yet.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {weights.data.map((w) => (
              <li key={w.id} className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium text-slate-900">
                  {kg(w.weightInGrams)}
                  {w.lengthInCm && w.widthInCm && w.heightInCm ? (
                    <span className="font-normal text-slate-600"> · {`${w.lengthInCm} × ${w.widthInCm} × ${w.heightInCm} cm`}</span>
                  ) : null}
                  {w.volumetricWeightInGrams ? <span className="font-normal text-slate-600"> · {t`volumetric ${kg(w.volumetricWeightInGrams)}`}</span> : null}
                </span>
                <span className="text-xs text-slate-500">{formatDateTime(w.createdAt)}</span>
                {w.note ? <span className="w-full text-slate-700">{w.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
