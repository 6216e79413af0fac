import { Box } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import {
  boxFromCorners,
  isDrawable,
  moveBox,
  resizeBox,
  sameBox,
  screenPoint,
  type FrameBox,
  type FramePoint,
  type FrameSize,
  type Handle,
  type ScreenPoint,
} from './geometry';
import { cursorFor, hitTest } from './hitTest';
import { LayerCache } from './layerCache';
import { drawOverlay, drawScene, drawStaticLayer, type CanvasBox } from './render';
import { buildSpatialIndex } from './spatialIndex';
import { panBy, toFrame, wheelFactor, zoomAt } from './view';
import type { ViewStore } from './viewStore';

type Drag =
  | { kind: 'draw'; from: FramePoint; to: FramePoint }
  | { kind: 'move'; id: string; origin: FrameBox; from: FramePoint; box: FrameBox }
  | { kind: 'resize'; id: string; origin: FrameBox; handle: Handle; box: FrameBox }
  | { kind: 'pan'; last: ScreenPoint };

export interface AnnotationCanvasProps {
  readonly frame: FrameSize;
  readonly viewport: FrameSize;
  readonly image: CanvasImageSource | null;
  readonly boxes: readonly CanvasBox[];
  readonly selectedId: string | null;
  readonly adding: boolean;
  /** Zoom and pan: read and changed here without re-rendering the page (see viewStore). */
  readonly viewStore: ViewStore;
  readonly label: string;
  readonly onSelect: (id: string | null) => void;
  readonly onDrawn: (box: FrameBox) => void;
  readonly onChanged: (id: string, before: FrameBox, after: FrameBox) => void;
}

/** The box `id` at the place it is being dragged to, or null when it is gone from the list. */
function movedBox(boxes: readonly CanvasBox[], id: string, at: FrameBox): CanvasBox | null {
  const original = boxes.find((b) => b.id === id);
  return original === undefined ? null : { ...original, ...at };
}

/**
 * The annotation canvas: draws on the next animation frame after anything changed (never more
 * than once per frame, whatever the number of boxes or pointer events), draws new boxes in add
 * mode, moves and resizes the selected box, pans by dragging empty space and zooms with the wheel
 * around the cursor. Edits are reported once, when the pointer is released. During a drag the
 * other boxes come from a layer drawn once, and hit tests read a spatial grid, so the cost of a
 * frame hardly grows with the number of boxes.
 */
export function AnnotationCanvas(props: AnnotationCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  const frameRequest = useRef<number | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [cursor, setCursor] = useState('default');
  const index = useMemo(() => buildSpatialIndex(props.boxes), [props.boxes]);
  const indexRef = useRef(index);
  indexRef.current = index;
  const layer = useRef<LayerCache<HTMLCanvasElement> | null>(null);

  const draw = useCallback(() => {
    frameRequest.current = null;
    const context = canvas.current?.getContext('2d');
    if (context === null || context === undefined) return;
    const current = latest.current;
    const active = drag.current;
    const view = current.viewStore.get();
    const scene = {
      frame: current.frame,
      image: current.image,
      boxes: current.boxes,
      selectedId: current.selectedId,
      preview:
        active?.kind === 'draw' ? boxFromCorners(active.from, active.to, current.frame) : null,
      view,
      viewport: current.viewport,
    };
    if (active === null || active.kind === 'pan') {
      layer.current?.clear();
      drawScene(context, scene);
      return;
    }
    const moving = active.kind === 'draw' ? null : movedBox(scene.boxes, active.id, active.box);
    const movingId = active.kind === 'draw' ? null : active.id;
    layer.current ??= new LayerCache((size) => {
      const surface = document.createElement('canvas');
      surface.width = size.width;
      surface.height = size.height;
      return surface;
    });
    const still = layer.current.layerFor(
      {
        image: scene.image,
        boxes: scene.boxes,
        selectedId: scene.selectedId,
        movingId,
        view,
        viewport: scene.viewport,
      },
      (surface) => {
        const layerContext = surface.getContext('2d');
        if (layerContext !== null) drawStaticLayer(layerContext, scene, movingId);
      },
    );
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(still, 0, 0);
    drawOverlay(context, scene, moving);
  }, []);

  const schedule = useCallback(() => {
    if (frameRequest.current === null) frameRequest.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(() => {
    schedule();
  }, [props, schedule]);
  useEffect(() => props.viewStore.subscribe(schedule), [props.viewStore, schedule]);
  useEffect(
    () => () => {
      if (frameRequest.current !== null) cancelAnimationFrame(frameRequest.current);
    },
    [],
  );

  const pointAt = (event: { clientX: number; clientY: number }): ScreenPoint => {
    const rect = canvas.current?.getBoundingClientRect();
    if (rect === undefined) return screenPoint(0, 0);
    const { width, height } = latest.current.viewport;
    return screenPoint(
      ((event.clientX - rect.left) * width) / Math.max(1, rect.width),
      ((event.clientY - rect.top) * height) / Math.max(1, rect.height),
    );
  };

  // React's wheel listener is passive; zooming must stop the page from scrolling.
  useEffect(() => {
    const element = canvas.current;
    if (element === null) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { viewStore } = latest.current;
      viewStore.set(zoomAt(viewStore.get(), wheelFactor(event.deltaY), pointAt(event)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = latest.current;
    const point = pointAt(event);
    const view = current.viewStore.get();
    const inFrame = toFrame(view, point);
    event.currentTarget.setPointerCapture(event.pointerId);
    if (event.button === 1 || (event.button === 0 && event.shiftKey && !current.adding)) {
      drag.current = { kind: 'pan', last: point };
      return;
    }
    if (event.button !== 0) return;
    if (current.adding) {
      drag.current = { kind: 'draw', from: inFrame, to: inFrame };
      return;
    }
    const hit = hitTest(current.boxes, current.selectedId, view, point, indexRef.current);
    if (hit.kind === 'none') {
      current.onSelect(null);
      drag.current = { kind: 'pan', last: point };
      return;
    }
    const box = current.boxes.find((b) => b.id === hit.id);
    if (box === undefined) return;
    current.onSelect(hit.id);
    drag.current =
      hit.kind === 'handle'
        ? { kind: 'resize', id: hit.id, origin: box, handle: hit.handle, box }
        : { kind: 'move', id: hit.id, origin: box, from: inFrame, box };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = latest.current;
    const point = pointAt(event);
    const active = drag.current;
    const view = current.viewStore.get();
    if (active === null) {
      const hit = hitTest(current.boxes, current.selectedId, view, point, indexRef.current);
      setCursor(cursorFor(hit, current.adding));
      return;
    }
    const inFrame = toFrame(view, point);
    switch (active.kind) {
      case 'pan':
        current.viewStore.set(panBy(view, point.x - active.last.x, point.y - active.last.y));
        drag.current = { ...active, last: point };
        return;
      case 'draw':
        drag.current = { ...active, to: inFrame };
        break;
      case 'move':
        drag.current = {
          ...active,
          box: moveBox(
            active.origin,
            inFrame.x - active.from.x,
            inFrame.y - active.from.y,
            current.frame,
          ),
        };
        break;
      case 'resize':
        drag.current = {
          ...active,
          box: resizeBox(active.origin, active.handle, inFrame, current.frame),
        };
        break;
    }
    schedule();
  };

  const onPointerUp = () => {
    const current = latest.current;
    const active = drag.current;
    drag.current = null;
    if (active === null) return;
    if (active.kind === 'draw') {
      const box = boxFromCorners(active.from, active.to, current.frame);
      if (isDrawable(box)) current.onDrawn(box);
    } else if (active.kind !== 'pan' && !sameBox(active.origin, active.box)) {
      current.onChanged(active.id, active.origin, active.box);
    }
    schedule();
  };

  return (
    <Box sx={{ width: props.viewport.width, maxWidth: '100%' }}>
      <canvas
        ref={canvas}
        width={props.viewport.width}
        height={props.viewport.height}
        aria-label={props.label}
        data-testid="annotation-canvas"
        style={{ display: 'block', width: '100%', cursor, touchAction: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
    </Box>
  );
}
