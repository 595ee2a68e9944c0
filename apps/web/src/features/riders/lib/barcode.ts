/**
 * Reads the waybill's Code 128 or QR from camera frames: the browser's BarcodeDetector where it exists and
 * knows these formats (Android Chrome), a maintained ZXing build (@zxing/browser) elsewhere, loaded only
 * when needed.
 */
export interface FrameReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

const WANTED = ['code_128', 'qr_code'];

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  const formats = WANTED.filter((f) => supported.includes(f));
  if (formats.length === 0) return null;
  const detector = new Detector({ formats });
  return {
    read: async (video) => {
      const found = await detector.detect(video);
      return found[0]?.rawValue ?? null;
    },
  };
}

async function zxingReader(): Promise<FrameReader> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const hints = new Map<number, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  const canvas = document.createElement('canvas');
  return {
    read: async (video) => {
      if (!video.videoWidth) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d', { willReadFrequently: true })!.drawImage(video, 0, 0);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        return null; // no code in this frame
      }
    },
  };
}

export async function frameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? (await zxingReader());
}
