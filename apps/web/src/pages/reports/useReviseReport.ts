import type { ReportReviseRequest, ReportVersion } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchReportVersions, reportKeys, reviseReport } from '../../api/reportsApi';
import { needsAmendReason } from './reportVersionsLogic';

/**
 * Saves a new version of the report (new interpretation, or the sample's current bench results)
 * and refetches the report. `amending`: a version is signed, so the server wants a reason.
 */
export function useReviseReport(datasetId: string, onSaved?: (version: ReportVersion) => void) {
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: reportKeys.versions(datasetId),
    queryFn: () => fetchReportVersions(datasetId),
  });
  const revise = useMutation({
    mutationFn: (body: ReportReviseRequest) => reviseReport(datasetId, body),
    onSuccess: (version) => onSaved?.(version),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.stored(datasetId) }),
  });
  const amending = versions.isSuccess && needsAmendReason(versions.data.versions);
  return { revise, amending };
}
