import { isValidTrackingNumber, normalizeTrackingNumber } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { frameReader } from '../lib/barcode';
import { openBackCamera, stopCamera, trackingNumberIn } from '../lib/camera';
import { BigButton } from './big-button';

const SCAN_EVERY_MS = 250;

/**
 * Scan to find: the camera looks for the waybill's Code 128 or QR and opens that shipment; typing the
 * number is always there too (no camera, no permission, a torn label).
 */
export function ScanPanel({ onFound, onClose }: { onFound: (trackingNumber: string) => void; onClose: () => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [cameraProblem, setCameraProblem] = useState<'refused' | 'unavailable' | null>(null);
  const [typed, setTyped] = useState('');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const found = useRef(onFound);
  found.current = onFound;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    (async () => {
      try {
        stream = await openBackCamera();
        if (stopped) return stopCamera(stream);
        const element = video.current!;
        element.srcObject = stream;
        await element.play().catch(() => {});
        const reader = await frameReader();
        const tick = async () => {
          if (stopped) return;
          const text = await reader.read(element).catch(() => null);
          const number = text ? trackingNumberIn(text) : null;
          if (number) {
            stopped = true;
            found.current(number);
            return;
          }
          timer = window.setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch (error) {
        setCameraProblem(error instanceof Error && error.name === 'NotAllowedError' ? 'refused' : 'unavailable');
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopCamera(stream);
    };
  }, []);

  const onType = (event: FormEvent) => {
    event.preventDefault();
    const number = normalizeTrackingNumber(typed);
    if (!trackingNumberIn(number)) return setTypedProblem(t`Type the whole tracking number, e.g. ND123456785PH`);
    if (!isValidTrackingNumber(number)) return setTypedProblem(t`Check the tracking number: it has a typo`);
    onFound(number);
  };

  return (
    <section aria-label={t`Scan a waybill`} className="flex flex-col gap-3 rounded-xl border-2 border-slate-900 bg-white p-3">
      {cameraProblem ? (
        <p role="alert" className="text-lg font-semibold">
          {cameraProblem === 'refused' ? (
            <Trans>Camera access was refused. Type the number instead.</Trans>
          ) : (
            <Trans>The camera is not available. Type the number instead.</Trans>
          )}
        </p>
      ) : (
        <>
          <video ref={video} muted playsInline className="aspect-[3/4] w-full rounded-lg bg-black object-cover" aria-label={t`Camera view`} />
          <p className="text-lg" role="status">
            <Trans>Point the camera at the barcode on the waybill.</Trans>
          </p>
        </>
      )}
      <form onSubmit={onType} noValidate className="flex flex-col gap-2">
        <label htmlFor="typed-tracking" className="text-lg font-semibold">
          <Trans>Or type the tracking number</Trans>
        </label>
        <input
          id="typed-tracking"
          autoCapitalize="characters"
          className="h-14 rounded-lg border-2 border-slate-900 px-3 font-mono text-xl uppercase"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {typedProblem ? (
          <p role="alert" className="font-semibold text-red-800">
            {typedProblem}
          </p>
        ) : null}
        <BigButton type="submit" variant="secondary">
          <Trans context="open the scanned parcel">Open</Trans>
        </BigButton>
      </form>
      <BigButton variant="ghost" onClick={onClose}>
        <Trans>Close</Trans>
      </BigButton>
    </section>
  );
}
