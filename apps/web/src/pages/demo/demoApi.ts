import {
  DemoDeleteResponseSchema,
  DemoStatusResponseSchema,
  type Demo,
  type DemoDeleteResponse,
} from '@sarm/contracts';
import { apiClient } from '../../api/apiClient';

export const DEMO_QUERY_KEY = ['sarm', 'demo'] as const;

/** The demo sample, or null when there is none. */
export async function fetchDemo(): Promise<Demo | null> {
  return (await apiClient.requestParsed('/sarm/demo', DemoStatusResponseSchema)).demo;
}

/** Starts making the demo sample (or answers the one that exists). */
export async function createDemo(): Promise<Demo | null> {
  return (await apiClient.requestParsed('/sarm/demo', DemoStatusResponseSchema, { method: 'POST' }))
    .demo;
}

/** Deletes the demo sample and everything it made. */
export const deleteDemo = (): Promise<DemoDeleteResponse> =>
  apiClient.requestParsed('/sarm/demo', DemoDeleteResponseSchema, { method: 'DELETE' });
