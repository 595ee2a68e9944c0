import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useProofImages } from '../api/get-proof-images';

const TYPE_LABELS = { pickup: msg`Pickup`, delivery: msg`Delivery` } as const;

/** Photos the rider took at pickup and delivery; nothing is shown while there are none. */
export function ProofImages({ trackingNumber }: { trackingNumber: string }) {
  const { t, i18n } = useLingui();
  const images = useProofImages(trackingNumber);
  if (!images.data || images.data.length === 0) return null;
  return (
    <Card aria-labelledby="proof-title">
      <CardTitle id="proof-title">
        <Trans>Proof of pickup and delivery</Trans>
      </CardTitle>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.data.map((image) => {
          const kind = i18n._(TYPE_LABELS[image.type]);
          const at = formatDateTime(image.createdAt);
          return (
            <li key={image.id}>
              <a
                href={image.url}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              >
                <img src={image.url} alt={t`${kind} photo, ${at}`} className="aspect-square w-full object-cover" loading="lazy" />
              </a>
              <p className="mt-1 text-xs text-slate-600">
                {kind} · {formatDateTime(image.takenAt ?? image.createdAt)}
              </p>
              {image.takenAt && new Date(image.createdAt).getTime() - new Date(image.takenAt).getTime() > 60_000 ? (
                <p className="text-xs text-slate-600">
                  <Trans>received {at}</Trans>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
