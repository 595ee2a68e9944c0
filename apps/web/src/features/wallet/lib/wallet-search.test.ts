import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { returnParams, validateWalletSearch } from './wallet-search';

describe('the wallet return page’s address', () => {
  it('stays as the provider wrote it after the router reads it (no quoted "true")', () => {
    const address = '?success=true&method=ewallet&amount=50000';
    const search = validateWalletSearch(defaultParseSearch(address));
    expect(defaultStringifySearch(search)).toBe(address);
    expect(returnParams(search)).toEqual({ success: 'true', method: 'ewallet', amount: '50000' });
  });

  it('keeps only the spec’s parameters', () => {
    expect(validateWalletSearch(defaultParseSearch('?failure=true&next=%2Fadmin&amount=%7B%7D'))).toEqual({ failure: true });
  });
});
