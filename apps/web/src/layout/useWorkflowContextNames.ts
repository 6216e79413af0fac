import { useQuery } from '@tanstack/react-query';
import { clinicalKeys, fetchDataset, fetchVideo } from '../api/clinicalApi';
import { detectionKeys, fetchFrame } from '../api/detectionApi';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../api/projectsApi';
import type { WorkflowContext, WorkflowContextNames } from './stages';

/** A name that cannot be read (no permission, deleted) leaves the short id in place: no retries. */
const quiet = { retry: false, staleTime: 60_000 } as const;

/**
 * Names of the staged navigation's context, read through the screens' own queries (same keys, so
 * the cache is shared): the video and dataset by id, the project from the dataset or the user's
 * projects, the frame's number.
 */
export function useWorkflowContextNames(context: WorkflowContext): WorkflowContextNames {
  const { projectId, datasetId, videoId, frameId } = context;
  const video = useQuery({
    queryKey: clinicalKeys.video(videoId ?? ''),
    queryFn: () => fetchVideo(videoId ?? ''),
    enabled: videoId !== null,
    ...quiet,
  });
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId ?? ''),
    queryFn: () => fetchDataset(datasetId ?? ''),
    enabled: datasetId !== null,
    ...quiet,
  });
  const projectFromDataset =
    dataset.data !== undefined && dataset.data.projectId === projectId
      ? dataset.data.project_name
      : undefined;
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: fetchMyProjects,
    enabled: projectId !== null && projectFromDataset === undefined,
    ...quiet,
  });
  const frame = useQuery({
    queryKey: detectionKeys.frameInfo(frameId ?? ''),
    queryFn: () => fetchFrame(frameId ?? ''),
    enabled: frameId !== null,
    ...quiet,
  });
  return {
    project: projectFromDataset ?? projects.data?.find((p) => p.id === projectId)?.name,
    dataset: dataset.data?.name,
    video: video.data?.name,
    frameNumber: frame.data?.frameNumber,
  };
}
