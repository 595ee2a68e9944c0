/** What the rest of the app may use from the wallet feature (its pages load lazily). */
export { balanceQueryOptions, flagsQueryOptions, walletKey } from './api/wallet-api';
export { validateWalletSearch, type WalletSearch } from './lib/wallet-search';
