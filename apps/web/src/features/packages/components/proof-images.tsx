import { formatDateTime } from '@hatid/domain';
import { Card, CardTitle } from '../../../components/ui/card';
import { useProofImages } from '../api/get-proof-images';

const TYPE_LABELS = { pickup: 'Pickup', delivery: 'Delivery' } as const;

/** Photos the rider took at pickup and delivery; nothing is shown while there are none. */
export function ProofImages({ trackingNumber }: { trackingNumber: string }) {
  const images = useProofImages(trackingNumber);
  if (!images.data || images.data.length === 0) return null;
  return (
    <Card aria-labelledby="proof-title">
      <CardTitle id="proof-title">Proof of pickup and delivery</CardTitle>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.data.map((image) => (
          <li key={image.id}>
            <a href={image.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
              <img src={image.url} alt={`${TYPE_LABELS[image.type]} photo, ${formatDateTime(image.createdAt)}`} className="aspect-square w-full object-cover" loading="lazy" />
            </a>
            <p className="mt-1 text-xs text-slate-600">
              {TYPE_LABELS[image.type]} · {formatDateTime(image.takenAt ?? image.createdAt)}
            </p>
            {image.takenAt && new Date(image.createdAt).getTime() - new Date(image.takenAt).getTime() > 60_000 ? (
              <p className="text-xs text-slate-600">received {formatDateTime(image.createdAt)}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
