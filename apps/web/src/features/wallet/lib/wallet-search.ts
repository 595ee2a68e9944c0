/**
 * The return pages' query parameters (product.md: success, failure, success-link, failure-link, method,
 * amount, wallet-success). Kept apart from the page so the route table reads them without loading the wallet.
 */
export interface WalletSearch {
  success?: string;
  failure?: string;
  'success-link'?: string;
  'failure-link'?: string;
  'wallet-success'?: string;
  method?: string;
  amount?: string;
}

const KEYS = ['success', 'failure', 'success-link', 'failure-link', 'wallet-success', 'method', 'amount'] as const;

export function validateWalletSearch(search: Record<string, unknown>): WalletSearch {
  const kept: WalletSearch = {};
  for (const key of KEYS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') kept[key] = String(value);
  }
  return kept;
}
