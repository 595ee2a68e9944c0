import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../api/users.js';
import { ROUTE_ACCESS, ROUTE_ANSWERS, ROUTE_CALLERS, answerOf, expectedAnswer, type RouteAnswers } from './route-access.js';

/** The table itself; apps/server/src/route-access.test.ts asks the server every cell of it. */
describe('the role × route table', () => {
  const rows = Object.entries(ROUTE_ACCESS);

  it('names each route as "METHOD /api/…"', () => {
    const bad = rows.map(([route]) => route).filter((route) => !/^(GET|POST|PUT|PATCH|DELETE) \/api(\/\S*)?$/.test(route));
    expect(bad).toEqual([]);
  });

  it('gives every caller exactly one answer on every row', () => {
    const problems: string[] = [];
    for (const [route, access] of rows) {
      for (const rule of [access.own, access.stranger].filter(Boolean) as RouteAnswers[]) {
        for (const group of [rule.ok, rule.forbidden, rule.hidden].flat()) {
          for (const role of typeof group === 'string' ? [group] : (group ?? [])) {
            if (!ROLE_NAMES.includes(role)) problems.push(`${route}: unknown role ${role}`);
          }
        }
        for (const role of ROLE_NAMES) {
          try {
            answerOf(rule, role);
          } catch (error) {
            problems.push(`${route}: ${(error as Error).message}`);
          }
        }
      }
      for (const caller of ROUTE_CALLERS) expect(ROUTE_ANSWERS).toContain(expectedAnswer(access, caller, 'own'));
    }
    expect(problems).toEqual([]);
  });

  it('answers someone signed out with ok (public) or 401', () => {
    for (const [route, access] of rows) expect(['ok', 'auth'], route).toContain(expectedAnswer(access, 'signedOut', 'own'));
  });

  it('reads as the role table says for a few well-known cells', () => {
    expect(expectedAnswer(ROUTE_ACCESS['GET /api/shipments/:id']!, 'customer', 'stranger')).toBe('hidden');
    expect(expectedAnswer(ROUTE_ACCESS['GET /api/shipments/:id']!, 'ssp', 'stranger')).toBe('ok');
    expect(expectedAnswer(ROUTE_ACCESS['POST /api/promo-codes']!, 'staff', 'own')).toBe('forbidden');
    expect(expectedAnswer(ROUTE_ACCESS['GET /api/boxes']!, 'signedOut', 'own')).toBe('ok');
    expect(expectedAnswer(ROUTE_ACCESS['GET /api/users/me']!, 'signedOut', 'own')).toBe('auth');
  });
});
