import { assessmentFigures, type AssessmentInput, type AssessmentRecord } from '@sarm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { assessmentKeys } from '../../../api/assessmentsApi';
import '../../../i18n';
import { BenchAssessmentsPage } from './BenchAssessmentsPage';

// The API client reads the browser's storage when imported; rendering here never fetches.
vi.hoisted(() => {
  const storage = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    location: { pathname: '/' },
  });
});

const input: AssessmentInput = {
  module: 'morphology',
  method: 'diff_quik',
  replicates: [
    { normal: 10, abnormal: [{ defects: ['head'], count: 190 }] },
    { normal: 8, abnormal: [{ defects: ['head', 'tail'], count: 192 }] },
  ],
  notes: '',
  model_assisted: null,
};
const record: AssessmentRecord = {
  id: 'r1',
  datasetId: 'd1',
  module: 'morphology',
  input,
  figures: assessmentFigures(input),
  source: 'model_confirmed',
  accepted: true,
  countedBy: { id: 'u1', name: 'Lan Pham' },
  countedAt: '2026-11-30T09:00:00.000Z',
};

function renderPage(canRecord: boolean) {
  const client = new QueryClient();
  client.setQueryData(assessmentKeys.sample('d1'), {
    datasetId: 'd1',
    current: { morphology: record },
    history: [record],
    canRecord,
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sarm/samples/d1/assessments']}>
        <Routes>
          <Route path="/sarm/samples/:datasetId/assessments" element={<BenchAssessmentsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('bench assessments page', () => {
  it('shows saved results read-only, with the model-and-confirmation source, without canRecord', () => {
    const html = renderPage(false);
    expect(html).toContain('Bench assessments');
    expect(html).toContain('data-testid="assessments-read-only"');
    expect(html).toContain('Normal forms: 5 % (95 % CI 3–7 %)');
    expect(html).toContain('Model + confirmation by Lan Pham');
    expect(html).toContain('Diff-Quik');
    expect(html).not.toContain('data-testid="assessment-start-vitality"');
  });

  it('offers counting, a method and the entered modules to those who may record', () => {
    const html = renderPage(true);
    expect(html).not.toContain('data-testid="assessments-read-only"');
    expect(html).toContain('data-testid="assessment-start-vitality"');
    expect(html).toContain('data-testid="assessment-start-morphology"');
    expect(html).toContain('data-testid="assessment-save-agglutination"');
    expect(html).toContain('Eosin-nigrosin');
    expect(html).toContain('Not assessed yet');
  });
});
