import { Suspense, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyFamily } from './lazyFamily';

/** Renders once every Suspense boundary has resolved, as the browser shows it in the end. */
async function renderSettled(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

function Greeting({ name }: { readonly name: string }) {
  return <p>hello {name}</p>;
}
const Farewell = () => <p>goodbye</p>;

describe('lazy page families', () => {
  it('renders the picked pages of a family with their props once the family has loaded', async () => {
    const family = lazyFamily(() => Promise.resolve({ Greeting, Farewell }));
    const LazyGreeting = family((m) => m.Greeting);
    const LazyFarewell = family((m) => m.Farewell);
    const html = await renderSettled(
      <Suspense fallback={<p>loading</p>}>
        <LazyGreeting name="clinic" />
        <LazyFarewell />
      </Suspense>,
    );
    expect(html).toContain('hello <!-- -->clinic');
    expect(html).toContain('goodbye');
    expect(html).not.toContain('loading');
  });

  it('does not fetch a family before one of its pages renders', async () => {
    let loads = 0;
    const family = lazyFamily(() => {
      loads += 1;
      return Promise.resolve({ Greeting, Farewell });
    });
    const LazyFarewell = family((m) => m.Farewell);
    family((m) => m.Greeting);
    expect(loads).toBe(0);
    await renderSettled(
      <Suspense fallback={null}>
        <LazyFarewell />
      </Suspense>,
    );
    expect(loads).toBe(1);
  });
});
