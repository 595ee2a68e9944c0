import type { UploadDto } from '@hatid/domain';
import { api } from './api-client';

const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/** POST /uploads (proofs of payment, billing files): the file as base64 in JSON, kept under `path` (the server checks the bytes: images or PDF, 10 MB). */
export async function uploadFile(file: File, path: string): Promise<UploadDto> {
  const content = await readAsDataUrl(file);
  return api.post<UploadDto>('/uploads', { fileName: file.name, content, path });
}
