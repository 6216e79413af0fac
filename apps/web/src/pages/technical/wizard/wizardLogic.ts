/** The Create Detection Dataset wizard's state (spec 2 §4 Dataset wizard). */
export interface WizardState {
  readonly name: string;
  readonly description: string;
  readonly status: 'draft' | 'active';
  readonly projectId: string;
  readonly videoId: string;
  readonly includeAllFrames: boolean;
  readonly frameIds: readonly string[];
}

/** The review step shows at most this many crops, then 'and N more...'. */
export const MAX_CROP_PREVIEWS = 12;

/** Step 0 needs a name, type and status; step 1 a video and frames (or all of them). */
export function stepValid(step: number, state: WizardState): boolean {
  if (step === 0) return state.name.trim() !== '' && state.projectId !== '';
  if (step === 1)
    return state.videoId !== '' && (state.includeAllFrames || state.frameIds.length > 0);
  return true;
}

/** Changing the video clears the chosen frames. */
export const withVideo = (state: WizardState, videoId: string): WizardState => ({
  ...state,
  videoId,
  frameIds: [],
});

/** Ticking include-all clears the chosen frames. */
export const withIncludeAll = (state: WizardState, includeAll: boolean): WizardState => ({
  ...state,
  includeAllFrames: includeAll,
  frameIds: includeAll ? [] : state.frameIds,
});

/** Adds or removes a frame; frames without detections cannot be chosen. */
export function toggleFrame(
  state: WizardState,
  frameId: string,
  hasDetections: boolean,
): WizardState {
  if (!hasDetections || state.includeAllFrames) return state;
  return {
    ...state,
    frameIds: state.frameIds.includes(frameId)
      ? state.frameIds.filter((id) => id !== frameId)
      : [...state.frameIds, frameId],
  };
}

/** The create-dataset payload of spec 2 §3. */
export function creationPayload(state: WizardState, userId: string) {
  return {
    name: state.name.trim(),
    description: state.description,
    type: 'detection' as const,
    status: state.status,
    project_id: state.projectId,
    video_id: state.videoId,
    frames: state.includeAllFrames ? [] : [...state.frameIds],
    include_all_frames: state.includeAllFrames,
    include_all_detections: true,
    user_id: userId,
    source: {
      type: 'annotation' as const,
      video_id: state.videoId,
      frames: state.includeAllFrames ? [] : [...state.frameIds],
    },
  };
}

/** The crops shown and how many more there are. */
export function cropPreview<T>(crops: readonly T[]): { shown: readonly T[]; more: number } {
  return {
    shown: crops.slice(0, MAX_CROP_PREVIEWS),
    more: Math.max(0, crops.length - MAX_CROP_PREVIEWS),
  };
}
