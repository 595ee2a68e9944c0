import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { formResolver } from './form-resolver';
import { lazyResolver } from './lazy-resolver';

const schema = z.object({ email: z.email('Enter a valid email address') });
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('lazyResolver', () => {
  it('loads the checks once, on first use or preload, and answers with their messages', async () => {
    const load = vi.fn(async () => formResolver(schema));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    const result = await resolver({ email: 'not an email' }, undefined, options);
    expect(result.errors.email?.message).toBe('Enter a valid email address');
    await resolver({ email: 'staff@hatid.ph' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the form go on to the server when the checks cannot be loaded (offline), and tries again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(formResolver(schema));
    const resolver = lazyResolver(load);
    expect(await resolver({ email: 'x' }, undefined, options)).toEqual({ values: { email: 'x' }, errors: {} });
    expect((await resolver({ email: 'x' }, undefined, options)).errors.email?.message).toBe('Enter a valid email address');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
