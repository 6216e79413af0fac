import { describe, expect, it } from 'vitest';
import { framesLink, plural, videoNotice, videosLink } from './job-notices.js';

const subject = {
  videoId: 'v1',
  videoName: 'sample-3.mp4',
  datasetId: 'd1',
  datasetName: 'Sample A',
  projectId: 'p1',
};

describe('job notices', () => {
  it('names the video and sample and the outcome, with the figures and a link', () => {
    expect(
      videoNotice({
        action: 'Frame extraction',
        subject,
        outcome: { ok: true, detail: `${plural(12, 'frame')} extracted.` },
        link: framesLink(subject),
      }),
    ).toEqual({
      title: 'Frame extraction of sample-3.mp4 (Sample A) completed',
      message: '12 frames extracted.',
      type: 'success',
      link: '/sarm/projects/p1/datasets/d1/videos/v1/frames',
    });
  });

  it('gives the reason of a failure and still links where the video shows', () => {
    expect(
      videoNotice({
        action: 'Preparation',
        subject,
        outcome: { ok: false, message: 'Invalid data found when processing input' },
        link: videosLink(subject),
      }),
    ).toEqual({
      title: 'Preparation of sample-3.mp4 (Sample A) failed',
      message: 'Invalid data found when processing input',
      type: 'error',
      link: '/sarm/projects/p1/datasets/d1/videos',
    });
  });

  it('says so when the video is gone, without a link', () => {
    const notice = videoNotice({
      action: 'Sperm detection',
      subject: undefined,
      outcome: { ok: true, detail: `${plural(1, 'detection')} in ${plural(1, 'frame')}.` },
      link: framesLink(undefined),
    });
    expect(notice).toMatchObject({
      title: 'Sperm detection of a deleted video completed',
      message: '1 detection in 1 frame.',
      link: null,
    });
  });
});
