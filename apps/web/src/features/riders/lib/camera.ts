/** The phone's back camera, and what the rider app does with its frames (photos, barcodes). */

export async function openBackCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use the camera');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } }, audio: false });
}

export function stopCamera(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Proof photos are resized on the phone before upload: enough to read a face or a label, small on a slow signal. */
export const PHOTO_MAX_SIDE = 1280;
export const PHOTO_QUALITY = 0.8;

/** The size a photo of `width` × `height` is scaled to (never enlarged). */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be made'))), 'image/jpeg', PHOTO_QUALITY);
  });
}

/** A still of the live camera, resized, as a JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const size = fitWithin(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')!.drawImage(video, 0, 0, size.width, size.height);
  return canvasToJpeg(canvas);
}

/** A photo picked with the file input (the camera app on phones without live camera access), resized. */
export async function resizeImageFile(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return canvasToJpeg(canvas);
}

/** A tracking number in whatever a waybill's barcode holds (the number itself, or a tracking link). */
export function trackingNumberIn(text: string): string | null {
  const match = text.toUpperCase().match(/\b(ND|SD|IC)\d{9}PH\b/);
  return match ? match[0] : null;
}
