import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyModules, missingAreas } from '../testing/route-areas';

// A page shown without its catalogue area reads "Hide \"{title}\"" in a production build (Lingui compiles no
// message at run time). The areas a route loads are checked against the modules its page imports, so a new
// route, or a component newly shared across features, cannot forget one (docs/i18n.md).
describe('the message areas each route loads', () => {
  it('cover every module each lazy page imports, and the app shell needs only its own', () => {
    const problems = missingAreas();
    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
  });

  it('finds the sign-in pages with their areas', () => {
    const modules = lazyModules();
    expect(modules).toContainEqual({ routeFile: 'public.ts', module: 'features/auth/routes/login-page.tsx', areas: ['auth'] });
    expect(modules).toContainEqual({ routeFile: 'rider.ts', module: 'features/riders/routes/rider-login-page.tsx', areas: ['riders'] });
  });

  it("gives a page the areas its parent routes load: the console's pages render inside the console layout", () => {
    const page = lazyModules().find((m) => m.module === 'features/shipments/routes/admin-shipments-page.tsx');
    expect(page?.areas).toEqual(expect.arrayContaining(['shipments', 'users', 'console']));
    expect(lazyModules().find((m) => m.module === 'features/auth/routes/login-page.tsx')?.areas).not.toContain('console');
  });

  it('fails a route that forgets an area its page needs', () => {
    const routes = path.resolve(import.meta.dirname, '../app/routes/public.ts');
    // /login as it would read had its route not listed the auth area.
    const read = (file: string) => {
      const source = fs.readFileSync(file, 'utf8');
      return file === routes
        ? source.replace(
            "withMessages('auth', () => import('../../features/auth/routes/login-page'))",
            "withMessages([], () => import('../../features/auth/routes/login-page'))",
          )
        : source;
    };
    const problems = missingAreas(read);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ routeFile: 'public.ts', module: 'features/auth/routes/login-page.tsx' });
    expect(problems[0]!.missing.auth).toContain('features/auth/routes/login-page.tsx');
  });
});
