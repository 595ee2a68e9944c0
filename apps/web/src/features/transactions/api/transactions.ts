import type {
  AddPaymentInput,
  addPaymentResult,
  AmountPaidDto,
  PaymentMethod,
  ShipmentCollectionDto,
  transactionListQuery,
  TransactionMetaInput,
  TransactionRecordDto,
  TransactionRowDto,
  VoidPaymentResult,
} from '@hatid/domain';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
import type { ListQuery, QueryFilters } from '../../../lib/api-query';

/** The desk's filters (GET /transaction and its export take the same ones). */
export type TransactionFilters = QueryFilters<typeof transactionListQuery>;

export type TransactionListParams = ListQuery<typeof transactionListQuery>;

/** Every query of the desk starts with this key: one invalidation after a change refetches list, counts and types. */
export const transactionsQueryKey = ['transactions'] as const;

/** GET /transaction: payments newest first, or (filter=no_transactions) the shipments nobody has paid for. */
export function getTransactions(params: TransactionListParams, signal?: AbortSignal): Promise<PageResult<TransactionRowDto>> {
  return api.get<PageResult<TransactionRowDto>>('/transaction', { signal, responseType: 'body', query: { ...params } });
}

export function useTransactions(params: TransactionListParams) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'list', params],
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A tab's count for the same search and filters: one row asked for, `total` read. The open tab's count is
 * its own page's total; only the other tab asks.
 */
export function useTransactionCount(filters: TransactionFilters) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'count', filters],
    queryFn: async ({ signal }) => (await getTransactions({ ...filters, page: 1, limit: 1 }, signal)).total,
  });
}

/** GET /transaction/unique-payment-types: the payment type filter's options. */
export function usePaymentTypes() {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'payment-types'],
    queryFn: ({ signal }) => api.get<PaymentMethod[]>('/transaction/unique-payment-types', { signal }),
    staleTime: 60_000,
  });
}

/** GET /transaction/export: the whole filtered desk as CSV, streamed by the server, named after the table. */
export async function exportTransactions(filters: TransactionFilters, fileTitle: string, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Response>('/transaction/export', { signal, responseType: 'response', query: { ...filters, filename: fileTitle } });
  return response.blob();
}

/** GET /transaction/amount-paid/{shipmentId}: the total, what the valid payments add up to and the balance. */
export function useAmountPaid(shipmentId: string) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'amount-paid', shipmentId],
    queryFn: ({ signal }) => api.get<AmountPaidDto>(`/transaction/amount-paid/${encodeURIComponent(shipmentId)}`, { signal }),
  });
}

/** GET /transaction/collection/{shipmentId}: the shipment's cash, who collected it and whether it reached the hub. */
export function useShipmentCollection(shipmentId: string, enabled = true) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'collection', shipmentId],
    queryFn: ({ signal }) => api.get<ShipmentCollectionDto>(`/transaction/collection/${encodeURIComponent(shipmentId)}`, { signal }),
    enabled,
  });
}

export type AddPaymentResultDto = z.infer<typeof addPaymentResult>;

/** POST /transaction/add-payment, with the Idempotency-Key of this attempt: a double click records it once. */
export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: AddPaymentInput; idempotencyKey: string }) =>
      api.post<AddPaymentResultDto>('/transaction/add-payment', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => invalidateDesk(queryClient),
  });
}

/** The edit modal's changes, each its own call (remarks, meta, proof), in that order. */
export type TransactionChange =
  | { kind: 'remarks'; remarks: string }
  | { kind: 'meta'; meta: TransactionMetaInput['meta'] }
  /** The file is uploaded first (POST /uploads), then attached. */
  | { kind: 'proof'; file: File };

export async function changeTransaction(id: string, change: TransactionChange): Promise<TransactionRecordDto> {
  const path = encodeURIComponent(id);
  switch (change.kind) {
    case 'remarks':
      return api.put<TransactionRecordDto>(`/transaction/remarks/${path}`, { remarks: change.remarks });
    case 'meta':
      return api.put<TransactionRecordDto>(`/transaction/meta/${path}`, { meta: change.meta });
    case 'proof': {
      const upload = await uploadFile(change.file, 'payments');
      return api.put<TransactionRecordDto>(`/transaction/proof-of-payment/${path}`, { proofUploadId: upload.id });
    }
  }
}

/** PUT /transaction/remarks|meta|proof-of-payment/{id}, one after the other; the list refetches once at the end. */
export function useChangeTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: TransactionChange[] }) => {
      let record: TransactionRecordDto | null = null;
      for (const change of changes) record = await changeTransaction(id, change);
      return record;
    },
    onSettled: () => invalidateDesk(queryClient),
  });
}

/** POST /transaction/void-payment/{id}: the payment stops counting; the answer says the shipment's new status. */
export function useVoidPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<VoidPaymentResult>(`/transaction/void-payment/${encodeURIComponent(id)}`, { reason }),
    onSuccess: () => invalidateDesk(queryClient),
  });
}

function invalidateDesk(queryClient: ReturnType<typeof useQueryClient>) {
  // The shipment's payment status changes with its payments: the shipment screens read it too.
  void queryClient.invalidateQueries({ queryKey: ['shipments'] });
  return queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
}
