import type { Detection, FrameDetectionResponse } from '@sarm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { detectionKeys } from '../../../api/detectionApi';
import {
  createDetection,
  deleteDetection,
  updateDetection,
} from '../../../api/technical/annotationApi';
import { useToast } from '../../../feedback/feedbackContext';
import type { FrameBox } from './canvas/geometry';
import {
  emptyHistory,
  record,
  redo as redoStep,
  renameBox,
  undo as undoStep,
  type Change,
  type History,
} from './canvas/history';
import type { DetectionClass } from './frameAnnotationLogic';

const cornersOf = (box: FrameBox) => ({ x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2 });

/**
 * Editing the boxes of one frame: every change is shown at once (optimistic), sent to the
 * server, reverted with the spec's message when the server refuses, and recorded for undo/redo.
 */
export function useBoxEditing(frameId: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = detectionKeys.frame(frameId);
  const [history, setHistory] = useState<History>(emptyHistory);
  const historyRef = useRef(history);
  historyRef.current = history;
  const setBoth = (next: History) => {
    historyRef.current = next;
    setHistory(next);
  };

  const patchCache = useCallback(
    (edit: (detections: readonly Detection[]) => Detection[]) =>
      queryClient.setQueryData<FrameDetectionResponse>(key, (old) =>
        old === undefined
          ? old
          : {
              ...old,
              detections: edit(old.detections),
              detection_count: edit(old.detections).length,
            },
      ),
    // The key is derived from frameId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, frameId],
  );
  const replaceInCache = (detection: Detection) =>
    patchCache((list) => list.map((d) => (d.id === detection.id ? detection : d)));

  /** Applies a change on the server; answers the id the box has afterwards. */
  async function apply(change: Change): Promise<string> {
    switch (change.kind) {
      case 'create': {
        const created = await createDetection(frameId, cornersOf(change.box), change.className);
        patchCache((list) => [...list, created]);
        return created.id;
      }
      case 'delete':
        patchCache((list) => list.filter((d) => d.id !== change.id));
        await deleteDetection(change.id);
        return change.id;
      case 'move': {
        const updated = await updateDetection(change.id, { box: cornersOf(change.after) });
        replaceInCache(updated.detection);
        return change.id;
      }
      case 'reclassify': {
        const cls =
          change.after === 'cluster' || change.after === 'small_or_pinhead'
            ? change.after
            : 'sperm';
        const updated = await updateDetection(change.id, { class: cls });
        replaceInCache(updated.detection);
        return change.id;
      }
    }
  }

  async function create(box: FrameBox): Promise<Detection | null> {
    try {
      const created = await createDetection(frameId, cornersOf(box));
      patchCache((list) => [...list, created]);
      setBoth(
        record(historyRef.current, { kind: 'create', id: created.id, box, className: 'sperm' }),
      );
      return created;
    } catch {
      toast(t('technical.annotation.addFailed'), 'error');
      return null;
    }
  }

  async function move(id: string, before: FrameBox, after: FrameBox, propagate = false) {
    patchCache((list) =>
      list.map((d) =>
        d.id === id
          ? {
              ...d,
              ...after,
              width: after.x2 - after.x1,
              height: after.y2 - after.y1,
              verified: true,
            }
          : d,
      ),
    );
    try {
      const updated = await updateDetection(id, {
        box: cornersOf(after),
        propagate: propagate ? 'track' : 'none',
      });
      replaceInCache(updated.detection);
      setBoth(record(historyRef.current, { kind: 'move', id, before, after }));
      return updated.propagated;
    } catch (error) {
      patchCache((list) => list.map((d) => (d.id === id ? { ...d, ...before } : d)));
      toast(
        t('technical.annotation.updateFailed', { reason: errorMessage(error, 'Unknown error') }),
        'error',
      );
      return null;
    }
  }

  async function remove(detection: Detection) {
    try {
      await deleteDetection(detection.id);
      patchCache((list) => list.filter((d) => d.id !== detection.id));
      setBoth(
        record(historyRef.current, {
          kind: 'delete',
          id: detection.id,
          box: cornersOf(detection),
          className: detection.className,
        }),
      );
    } catch {
      toast(t('technical.annotation.deleteFailed'), 'error');
    }
  }

  async function reclassify(detection: Detection, next: DetectionClass) {
    try {
      const updated = await updateDetection(detection.id, { class: next });
      replaceInCache(updated.detection);
      setBoth(
        record(historyRef.current, {
          kind: 'reclassify',
          id: detection.id,
          before: detection.className,
          after: next,
        }),
      );
    } catch (error) {
      toast(errorMessage(error, t('technical.annotation.addFailed')), 'error');
    }
  }

  async function verify(detection: Detection) {
    try {
      replaceInCache((await updateDetection(detection.id, { verified: true })).detection);
    } catch (error) {
      toast(errorMessage(error, 'Unknown error'), 'error');
    }
  }

  async function step(direction: 'undo' | 'redo') {
    const taken =
      direction === 'undo' ? undoStep(historyRef.current) : redoStep(historyRef.current);
    if (taken === null) return;
    try {
      const id = await apply(taken.apply);
      setBoth(id === taken.apply.id ? taken.history : renameBox(taken.history, taken.apply.id, id));
    } catch (error) {
      toast(errorMessage(error, 'Unknown error'), 'error');
      await queryClient.invalidateQueries({ queryKey: key });
    }
  }

  return {
    create,
    move,
    remove,
    reclassify,
    verify,
    undo: () => step('undo'),
    redo: () => step('redo'),
    canUndo: history.done.length > 0,
    canRedo: history.undone.length > 0,
  };
}
