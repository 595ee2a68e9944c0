/**
 * The return pages' query parameters (product.md: success, failure, success-link, failure-link, method,
 * amount, wallet-success). Kept apart from the page so the route table reads them without loading the wallet.
 */
const KEYS = ['success', 'failure', 'success-link', 'failure-link', 'wallet-success', 'method', 'amount'] as const;
type Key = (typeof KEYS)[number];

/**
 * As the router parsed them: `true` and `50000` stay a boolean and a number. Turned into strings here, the
 * router would write the address back quoted (`success=%22true%22`) to keep their type.
 */
export type WalletSearch = Partial<Record<Key, string | number | boolean>>;

/** The same parameters as text, for reading. */
export type WalletReturn = Partial<Record<Key, string>>;

export function validateWalletSearch(search: Record<string, unknown>): WalletSearch {
  const kept: WalletSearch = {};
  for (const key of KEYS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') kept[key] = value;
  }
  return kept;
}

export function returnParams(search: WalletSearch): WalletReturn {
  const text: WalletReturn = {};
  for (const key of KEYS) if (search[key] !== undefined) text[key] = String(search[key]);
  return text;
}
