import type { StopRecipientTextsBody } from '@hatid/domain';
import { useMutation } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

/** POST /shipments/track/{trackingNumber}/stop-texts: the recipient stops the texts about this parcel. */
export function stopRecipientTexts(trackingNumber: string | null | undefined, input: StopRecipientTextsBody): Promise<{ stopped: true }> {
  const n = required(trackingNumber, 'trackingNumber', 'stopRecipientTexts');
  return api.post<{ stopped: true }>(`/shipments/track/${encodeURIComponent(n)}/stop-texts`, input);
}

export function useStopRecipientTexts(trackingNumber: string) {
  return useMutation({ mutationFn: (input: StopRecipientTextsBody) => stopRecipientTexts(trackingNumber, input) });
}
