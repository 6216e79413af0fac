/** The names of the head detector ONNX graph's inputs and output (no dependencies: workers load it). */

/** Input: the grey frame, uint8 [1, 1, H, W]. */
export const ONNX_HEAD_INPUT = 'frame';
/**
 * Input: int64 [8], ONNX pads of the standardised frame up to multiples of the stride:
 * [0, 0, 0, 0, 0, 0, bottom, right].
 */
export const ONNX_HEAD_PADS = 'pads';
/** Output [1, 3, cells y, cells x]: heat (0-1), log box width and log box height in cells. */
export const ONNX_HEAD_OUTPUT = 'heads';
