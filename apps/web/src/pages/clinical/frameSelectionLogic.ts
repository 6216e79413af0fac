import type { Frame, FrameListResponse, Video } from '@sarm/contracts';

/** Query-key prefixes that show a video's frame selection: its frame pages, the video, lists. */
export const selectionQueryKeys = (videoId: string) =>
  [
    ['sarm', 'frames', videoId],
    ['sarm', 'video', videoId],
    ['sarm', 'videos'],
    ['sarm', 'videos-all'],
  ] as const;

/** The page with one frame replaced by the server's answer (a saved note, a new selection). */
export function withFrame(
  page: FrameListResponse | undefined,
  frame: Frame,
): FrameListResponse | undefined {
  if (page === undefined) return undefined;
  return { ...page, frames: page.frames.map((f) => (f.id === frame.id ? frame : f)) };
}

/** The page as it will be once the frame's selection is saved (optimistic update). */
export function withSelection(
  page: FrameListResponse | undefined,
  frameId: string,
  selected: boolean,
): FrameListResponse | undefined {
  if (page === undefined) return undefined;
  return {
    ...page,
    frames: page.frames.map((f) => (f.id === frameId ? { ...f, selected } : f)),
  };
}

/** The video with its selected-frame count moved by the change, never below zero. */
export function withSelectedCount(video: Video | undefined, change: number): Video | undefined {
  if (video === undefined) return undefined;
  return { ...video, selectedFramesCount: Math.max(0, video.selectedFramesCount + change) };
}

/** Whether the note in the dialog differs from the saved one (ignoring outer spaces). */
export const noteChanged = (saved: string, draft: string) => saved.trim() !== draft.trim();

/** A note as one short line for a frame tile. */
export function noteLine(note: string, max = 60): string {
  const line = note.trim().replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
