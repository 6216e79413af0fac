export * from './ffmpeg-paths.js';
export * from './video-read-error.js';
export * from './probe.js';
export * from './frames.js';
export * from './writer.js';
export * from './analyze-video.js';
export * from './overlay.js';
export * from './simulation-video.js';
