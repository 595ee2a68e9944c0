import type { CreatePromoCodeInput, PromoCodeDto, promoCodeListQuery, UpdatePromoCodeInput } from '@hatid/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../lib/api-query';

export type PromoCodeListParams = ListQuery<typeof promoCodeListQuery>;

/** GET /promo-codes: newest first, searched by code or description, paged by the server. */
export function getPromoCodes(params: PromoCodeListParams, signal?: AbortSignal): Promise<PageResult<PromoCodeDto>> {
  return api.get<PageResult<PromoCodeDto>>('/promo-codes', { signal, responseType: 'body', query: { ...params } });
}

export const promoCodesQueryKey = ['promo-codes'] as const;

export const promoCodesQueryOptions = (params: PromoCodeListParams) =>
  queryOptions({
    queryKey: [...promoCodesQueryKey, 'list', params],
    queryFn: ({ signal }) => getPromoCodes(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePromoCodes(params: PromoCodeListParams) {
  return useQuery(promoCodesQueryOptions(params));
}

/** POST /promo-codes (flat amounts in centavos: `amountInCents`). */
export function createPromoCode(input: CreatePromoCodeInput): Promise<PromoCodeDto> {
  return api.post<PromoCodeDto>('/promo-codes', input);
}

/** PATCH /promo-codes/{id}: only the fields that change. */
export function updatePromoCode(id: string, input: UpdatePromoCodeInput): Promise<PromoCodeDto> {
  return api.patch<PromoCodeDto>(`/promo-codes/${encodeURIComponent(id)}`, input);
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreatePromoCodeInput | UpdatePromoCodeInput }) =>
      id ? updatePromoCode(id, input as UpdatePromoCodeInput) : createPromoCode(input as CreatePromoCodeInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }),
  });
}
