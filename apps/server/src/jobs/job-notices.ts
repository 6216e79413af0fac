import type { VideoSubject } from '../repositories/videos.repository.js';
import type { NotificationContent } from '../services/notifications.service.js';

/** How a job ended, as its notice describes it. */
export type JobOutcome =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly message: string };

/** "sample-3.mp4 (Sample A)": the video and its dataset, which is the sample. */
export const subjectName = (subject: VideoSubject | undefined): string =>
  subject === undefined ? 'a deleted video' : `${subject.videoName} (${subject.datasetName})`;

const datasetBase = (s: VideoSubject) => `/sarm/projects/${s.projectId}/datasets/${s.datasetId}`;

/** The video's frame list, where extraction and detection results show. */
export const framesLink = (s: VideoSubject | undefined): string | null =>
  s === undefined ? null : `${datasetBase(s)}/videos/${s.videoId}/frames`;

/** The dataset's video list, where a video's state and its Retry show. */
export const videosLink = (s: VideoSubject | undefined): string | null =>
  s === undefined ? null : `${datasetBase(s)}/videos`;

/**
 * A notice that names what was done to which video and how it ended: the title reads
 * "Frame extraction of sample-3.mp4 (Sample A) completed", the message gives the figures or, on
 * failure, the reason.
 */
export function videoNotice(input: {
  readonly action: string;
  readonly subject: VideoSubject | undefined;
  readonly outcome: { readonly ok: true; readonly detail: string } | JobFailure;
  readonly link: string | null;
}): NotificationContent {
  const what = `${input.action} of ${subjectName(input.subject)}`;
  if (input.outcome.ok)
    return {
      title: `${what} completed`,
      message: input.outcome.detail,
      type: 'success',
      link: input.link,
    };
  return {
    title: `${what} failed`,
    message: input.outcome.message,
    type: 'error',
    link: input.link,
  };
}
type JobFailure = Extract<JobOutcome, { ok: false }>;

/** "1 frame", "12 frames". */
export const plural = (count: number, word: string): string =>
  `${count} ${word}${count === 1 ? '' : 's'}`;
