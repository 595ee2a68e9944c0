import type { BulkBatchDto } from '@hatid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** /api/bulk-bookings: upload a spreadsheet, follow its batch, confirm it once, and download its files. */

const batchPath = (id: string) => `/bulk-bookings/${encodeURIComponent(id)}`;

/** POST /bulk-bookings (multipart): the file and, for staff, the customer booked for. */
export async function uploadBulkFile(file: File, ownerId?: string): Promise<BulkBatchDto> {
  const form = new FormData();
  if (ownerId) form.append('ownerId', ownerId);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/bulk-bookings', { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'Cannot reach Hatid. Check your connection and try again.' });
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError({
      statusCode: response.status,
      code: body?.code ?? 'UNKNOWN',
      message: body?.details?.[0]?.message ?? body?.message ?? 'The file could not be uploaded',
      details: body?.details,
    });
  }
  return body.data as BulkBatchDto;
}

export function useUploadBulkFile() {
  return useMutation({ mutationFn: ({ file, ownerId }: { file: File; ownerId?: string }) => uploadBulkFile(file, ownerId) });
}

/** The batch, polled every second while it is being checked or booked (the progress bar). */
export function useBulkBatch(id: string | null) {
  return useQuery({
    queryKey: ['bulk-bookings', id],
    queryFn: ({ signal }) => api.get<BulkBatchDto>(batchPath(id!), { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'checking' || state === 'booking' ? 1000 : false;
    },
  });
}

/** POST …/confirm: safe to send again (a double press or a retry books nothing twice). */
export function useConfirmBulkBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<BulkBatchDto>(`${batchPath(id)}/confirm`),
    // The answer is the batch moving (booking): the polling of its progress starts from it.
    onSuccess: (batch) => queryClient.setQueryData(['bulk-bookings', batch.id], batch),
  });
}

/** Saves one of the module's files: the templates, a batch's waybills or tracking numbers. */
export async function downloadBulkFile(path: string, fileName: string): Promise<void> {
  const response = await api.get<Response>(path, { responseType: 'response' });
  saveBlob(await response.blob(), fileName);
}

export const templatePath = (kind: 'csv' | 'xlsx') => `/bulk-bookings/template.${kind}`;
export const waybillsPath = (id: string) => `${batchPath(id)}/waybills.pdf`;
export const trackingNumbersPath = (id: string) => `${batchPath(id)}/tracking-numbers.csv`;
