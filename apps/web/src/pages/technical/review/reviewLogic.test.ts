import type { ReviewUnit } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { reviewQuery } from '../../../api/technical/reviewQuery';
import { annotationPath, canDecide, canEdit, statusColour, statusShares } from './reviewLogic';

const unit = (status: ReviewUnit['status']): ReviewUnit => ({
  id: 'l:f',
  type: 'detection',
  data_label_id: 'l',
  data_label_name: 'label',
  dataset_id: 'd',
  dataset_name: 'Dataset',
  project_id: 'p',
  frame_id: 'f',
  frame_number: 3,
  video_id: 'v',
  video_name: 'Video',
  bounding_boxes: [],
  label_count: 0,
  classification: 'sperm',
  status,
  created_by: null,
  creator_name: null,
  created_at: '2026-11-25T00:00:00.000Z',
  reviewed_by: null,
  reviewer_name: null,
  reviewed_at: null,
  notes: '',
  confidence: null,
});

describe('review logic', () => {
  it('lets reviewers decide pending units only, and edit rejected or corrected ones', () => {
    expect(canDecide(unit('pending'), true)).toBe(true);
    expect(canDecide(unit('pending'), false)).toBe(false);
    expect(canDecide(unit('approved'), true)).toBe(false);
    expect(canEdit(unit('rejected'))).toBe(true);
    expect(canEdit(unit('needsCorrection'))).toBe(true);
    expect(canEdit(unit('approved'))).toBe(false);
    expect(statusColour('needsCorrection')).toBe('warning');
  });

  it("opens the unit's frame in the annotation page", () => {
    expect(annotationPath(unit('rejected'))).toBe(
      '/finetune/annotation/detection/frame?frameId=f&videoId=v&datasetId=d',
    );
  });

  it('computes status shares and leaves empty filters out of the query', () => {
    expect(statusShares({ pending: 1, approved: 2, rejected: 1, needsCorrection: 0 })).toEqual({
      pending: 25,
      approved: 50,
      rejected: 25,
      needsCorrection: 0,
    });
    expect(statusShares({ pending: 0, approved: 0, rejected: 0, needsCorrection: 0 }).pending).toBe(
      0,
    );
    const query = reviewQuery({
      labelType: 'detection',
      datasetId: '',
      status: 'pending',
      creatorId: '',
      from: '2026-11-01',
      to: '',
      sort: 'created',
      order: 'desc',
      page: 2,
      limit: 10,
    });
    expect(query).toBe(
      'label_type=detection&sort=created&order=desc&page=2&limit=10&status=pending&from=2026-11-01',
    );
  });
});
