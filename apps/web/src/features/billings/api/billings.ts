import type {
  BillingBulkResult,
  BillingDetailDto,
  billingListQuery,
  CollectionStatus,
  BillingPage,
  BusinessDto,
  CreateBillingInput,
  InvoiceDto,
  RecordBillingPaymentInput,
  UpdateBillingInput,
  UserOptionDto,
  AdminUserDto,
} from '@hatid/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
import type { ListQuery, QueryFilters } from '../../../lib/api-query';

/** GET /billings's filters (besides paging), as the API names them. */
export type BillingFilters = QueryFilters<typeof billingListQuery>;

export type BillingListParams = ListQuery<typeof billingListQuery>;

/** Billings per status for the same search and filters (every status, whatever the tab). */
export type BillingCounts = BillingPage['counts'];

/** GET /billings answers its page with `counts` per status, for the tabs. */
export type BillingsPage = BillingPage;

/** Every query of the screen starts with this key: one invalidation after a change refetches list, counts and details. */
export const billingsQueryKey = ['billings'] as const;

export function getBillings(params: BillingListParams, signal?: AbortSignal): Promise<BillingsPage> {
  return api.get<BillingsPage>('/billings', { signal, responseType: 'body', query: { ...params } });
}

/** GET /billings: newest first, with the counts per status. */
export function useBillings(params: BillingListParams) {
  return useQuery({
    queryKey: [...billingsQueryKey, 'list', params],
    queryFn: ({ signal }) => getBillings(params, signal),
    placeholderData: keepPreviousData,
  });
}

const billingPath = (id: string) => `/billings/${encodeURIComponent(id)}`;

/** GET /billings/{id}: with its shipments, payments, attachments and invoices. */
export function useBilling(id: string) {
  return useQuery({
    queryKey: [...billingsQueryKey, 'one', id],
    queryFn: ({ signal }) => api.get<BillingDetailDto>(billingPath(id), { signal }),
  });
}

/** The staff and admins who prepare billings, for the "biller" filter (GET /users/account-managers). */
export function useBillers(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'account-managers'],
    queryFn: ({ signal }) => api.get<UserOptionDto[]>('/users/account-managers', { signal, query: { limit: 100 } }),
    staleTime: 60_000,
    enabled,
  });
}

/** Customer-side accounts (customers, business admins and members), for the customer filter and picker (GET /users/clients, first 100). */
export function useBillingCustomers(enabled: boolean) {
  return useQuery({
    queryKey: [...billingsQueryKey, 'customers'],
    queryFn: async ({ signal }) => {
      const page = await api.get<PageResult<AdminUserDto>>('/users/clients', { signal, responseType: 'body', query: { limit: 100 } });
      return page.data.map((u) => ({ id: u.id, name: u.name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
    enabled,
  });
}

/** The businesses (clients) a billing may be for, first 100 by name; those on an invoice account come first. */
export function useBillableBusinesses(enabled: boolean) {
  return useQuery({
    queryKey: [...billingsQueryKey, 'businesses'],
    queryFn: async ({ signal }) => {
      const page = await api.get<PageResult<BusinessDto>>('/businesses', { signal, responseType: 'body', query: { limit: 100 } });
      return [...page.data].sort(
        (a, b) => Number(b.invoiceAccount.invoiceBillingEnabled) - Number(a.invoiceAccount.invoiceBillingEnabled) || a.name.localeCompare(b.name),
      );
    },
    staleTime: 60_000,
    enabled,
  });
}

function useRefreshBillings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingsQueryKey });
}

/** POST /billings: the server gathers the period's shipments (201 with the billing). */
export function useCreateBilling() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: (input: CreateBillingInput) => api.post<BillingDetailDto>('/billings', input),
    onSettled: refresh,
  });
}

/** PATCH /billings/{id}: notes, due date, period or status (409 when BILLING_MOVES does not allow the move). */
export function useUpdateBilling() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateBillingInput }) => api.patch<BillingDetailDto>(billingPath(id), input),
    onSettled: refresh,
  });
}

/** DELETE /billings/{id}. */
export function useDeleteBilling() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(billingPath(id)),
    onSettled: refresh,
  });
}

/** PATCH /billings/bulk-status: each billing moved (or refused) on its own. */
export function useBulkBillingStatus() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: (input: { ids: string[]; status: CollectionStatus }) => api.patch<BillingBulkResult>('/billings/bulk-status', input),
    onSettled: refresh,
  });
}

/** POST /uploads path for a billing's files. */
const BILLING_UPLOADS = 'billings';

/**
 * POST /billings/record ("record billing"), with the Idempotency-Key of this attempt: a double click records
 * it once. A proof file is uploaded first (POST /uploads) and sent as `proofUploadId`; a retry after a
 * refusal sends the same upload again rather than another copy.
 */
export function useRecordBillingPayment() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RecordBillingPaymentInput; idempotencyKey: string }) =>
      api.post<BillingDetailDto>('/billings/record', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: refresh,
  });
}

/** Uploads a file for a billing (proof of payment or an attachment) and answers its upload id. */
export async function uploadBillingFile(file: File): Promise<string> {
  return (await uploadFile(file, BILLING_UPLOADS)).id;
}

/** Upload (POST /uploads) then PATCH /billings/{id}/attachments: a file attached to the billing. */
export function useAddBillingAttachment() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: async ({ id, file, name }: { id: string; file: File; name: string }) => {
      const uploadId = await uploadBillingFile(file);
      return api.patch<BillingDetailDto>(`${billingPath(id)}/attachments`, { uploadId, name });
    },
    onSettled: refresh,
  });
}

/** DELETE /billings/{id}/attachments with the attachment's id in the body. */
export function useRemoveBillingAttachment() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: ({ id, attachmentId }: { id: string; attachmentId: string }) =>
      api.delete<BillingDetailDto>(`${billingPath(id)}/attachments`, { body: { attachmentId } }),
    onSettled: refresh,
  });
}

/** POST /invoices: the next number for a billing without a live invoice. */
export function useIssueInvoice() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: (input: { billingId: string; notes?: string | undefined }) => api.post<InvoiceDto>('/invoices', input),
    onSettled: refresh,
  });
}

/** DELETE /invoices/{id} with the reason: voided, kept, its number never issued again. */
export function useVoidInvoice() {
  const refresh = useRefreshBillings();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.delete<InvoiceDto>(`/invoices/${encodeURIComponent(id)}`, { body: { reason } }),
    onSettled: refresh,
  });
}

/** GET /billings/{id}/export: the billing's shipments and payments as CSV. */
export async function exportBilling(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Response>(`${billingPath(id)}/export`, { signal, responseType: 'response' });
  return response.blob();
}

/** GET /billings/{id}/preview: the statement as a PDF, same-origin (the session cookie goes with it). */
export const billingPreviewUrl = (id: string) => `/api${billingPath(id)}/preview`;
