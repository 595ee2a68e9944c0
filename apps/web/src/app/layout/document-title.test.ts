import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../router';
import { documentTitle } from './document-title';

describe('document titles', () => {
  it('every route with an address names itself (customer, sign-in and console alike)', () => {
    const router = createAppRouter(new QueryClient());
    const routes = Object.values(router.routesById).filter((route) => !route.isRoot && route.options && 'path' in route.options);
    expect(routes.length).toBeGreaterThan(30);
    const untitled = routes.filter((route) => !route.options.staticData?.title).map((route) => route.fullPath);
    expect(untitled).toEqual([]);
  });

  it('reads "<page> · Hatid", and plain "Hatid" where nothing says more', () => {
    expect(documentTitle('Track a parcel')).toBe('Track a parcel · Hatid');
    expect(documentTitle(undefined)).toBe('Hatid');
  });
});
