import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { captureFrame, openBackCamera, resizeImageFile, stopCamera } from '../lib/camera';
import { BigButton } from './big-button';

/**
 * A proof photo from the camera, resized on the phone (camera.ts) before it is queued. Where the live camera
 * cannot be used, the phone's own camera app through the file input.
 */
export function PhotoCapture({ label, photo, onChange }: { label: string; photo: Blob | null; onChange: (photo: Blob | null) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreview(photo);

  useEffect(() => {
    if (photo) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    openBackCamera()
      .then(async (s) => {
        stream = s;
        if (stopped) return stopCamera(s);
        video.current!.srcObject = s;
        await video.current!.play().catch(() => {});
        setLive(true);
      })
      .catch(() => setLive(false));
    return () => {
      stopped = true;
      setLive(false);
      stopCamera(stream);
    };
  }, [photo]);

  const take = async () => {
    try {
      onChange(await captureFrame(video.current!));
    } catch {
      // camera.ts's reasons are technical English; what the rider can do is the same whatever the cause.
      setProblem(t`The photo could not be taken. Try again.`);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border-2 border-slate-900 bg-white p-3">
      <legend className="px-1 text-lg font-bold">{label}</legend>
      {photo && preview ? (
        <>
          <img src={preview} alt={t`${label}, as taken`} className="w-full rounded-lg" />
          <BigButton type="button" variant="secondary" onClick={() => onChange(null)}>
            <RotateCcw className="h-5 w-5" aria-hidden="true" /> <Trans>Retake</Trans>
          </BigButton>
        </>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            className={live ? 'aspect-[3/4] w-full rounded-lg bg-black object-cover' : 'hidden'}
            aria-label={t`Camera view`}
          />
          {live ? (
            <BigButton type="button" onClick={() => void take()}>
              <Camera className="h-6 w-6" aria-hidden="true" /> <Trans>Take photo</Trans>
            </BigButton>
          ) : (
            <label className="flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-lg bg-teal-700 px-3 py-2 text-center text-lg font-semibold text-white">
              <Camera className="h-6 w-6" aria-hidden="true" /> <Trans>Open camera</Trans>
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (file)
                    onChange(
                      await resizeImageFile(file).catch(() => {
                        setProblem(t`That photo could not be read`);
                        return null;
                      }),
                    );
                }}
              />
            </label>
          )}
        </>
      )}
      {problem ? (
        <p role="alert" className="font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

function usePreview(photo: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setUrl(null);
    const next = URL.createObjectURL(photo);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [photo]);
  return url;
}
