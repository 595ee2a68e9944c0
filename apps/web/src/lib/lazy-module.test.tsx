import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

afterEach(cleanup);

describe('lazyModule', () => {
  it('imports once, however often it is asked, and every user switches over when it arrives', async () => {
    let resolve!: (module: { greeting: string }) => void;
    const importer = vi.fn(() => new Promise<{ greeting: string }>((r) => (resolve = r)));
    const greeting = lazyModule(importer);
    // biome-ignore lint/correctness/noComponentHookFactories: the test's own component, reading this test's module
    function Greeting({ name }: { name: string }) {
      const module = greeting.use();
      return <p>{module ? `${module.greeting}, ${name}` : `Loading for ${name}`}</p>;
    }
    render(
      <>
        <Greeting name="Ana" />
        <Greeting name="Ben" />
      </>,
    );
    expect(screen.getByText('Loading for Ana')).toBeTruthy();
    const first = greeting.load();
    const second = greeting.load();
    expect(importer).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ greeting: 'Mabuhay' }));
    expect(await first).toBe(await second);
    expect(screen.getByText('Mabuhay, Ana')).toBeTruthy();
    expect(screen.getByText('Mabuhay, Ben')).toBeTruthy();
  });
});
