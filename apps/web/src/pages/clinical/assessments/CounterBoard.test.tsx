import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../../../i18n';
import { CounterBoard } from './CounterBoard';
import { defaultKeyMap } from './counterKeys';
import { pressKey, startCounter, type CounterState } from './tallyCounter';

const press = (state: CounterState, ...keys: string[]) => keys.reduce(pressKey, state);
const render = (state: CounterState, method: string) =>
  renderToStaticMarkup(<CounterBoard state={state} method={method} dispatch={() => undefined} />);

describe('counter board', () => {
  it('names each tally cell by its category, key and count for the browser test', () => {
    const html = render(
      press(startCounter('vitality', defaultKeyMap('vitality')), '1', '1', '2'),
      'eosin',
    );
    expect(html).toContain('data-testid="counter-tally-vitality-live"');
    expect(html).toContain('aria-label="Live (key 1): 2"');
    expect(html).toContain('aria-label="Dead (key 2): 1"');
    expect(html).toContain('Replicate 1: 3 of 200 cells');
    expect(html).toContain('data-testid="counter-progress-vitality"');
  });

  it('shows replicate 1 done and the live morphology indices', () => {
    const start = startCounter('morphology', defaultKeyMap('morphology'), 2);
    const html = render(press(start, '1', '2', '4', 'Enter', '3'), 'papanicolaou');
    expect(html).toContain('Replicate 1 done (2 cells)');
    expect(html).toContain('Normal forms: 50 % (95 % CI');
    expect(html).toContain('TZI 2.00');
    expect(html).toContain('Midpiece defect');
  });
});
