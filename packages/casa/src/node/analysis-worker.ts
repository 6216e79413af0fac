/**
 * The analysis thread of `analyzeVideoInThread`: long-lived (its compiled code stays warm), it
 * runs the analyses it is asked for, several at once when asked, and posts progress and results.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import {
  PROGRESS_INTERVAL_MS,
  type AnalysisThreadMessage,
  type AnalysisThreadRequest,
  type AnalysisThreadSetup,
} from './analysis-thread-protocol.js';
import { analyzeVideo } from './analyze-video.js';
import { VideoReadError } from './video-read-error.js';

const setup = workerData as AnalysisThreadSetup;
const port = parentPort;
if (port === null) throw new Error('analysis-worker runs as a worker thread');
const post = (message: AnalysisThreadMessage) => port.postMessage(message);
const stopping = new Set<number>();

// On Linux a thread's nice value is its own: this lowers the analyses only, not the server.
if (setup.priority > 0) setPriority(setup.priority);

async function run(request: Extract<AnalysisThreadRequest, { start: number }>): Promise<void> {
  const id = request.start;
  let lastPost = 0;
  try {
    const result = await analyzeVideo(request.path, request.settings, {
      includeDetections: request.includeDetections,
      autoPolarity: request.autoPolarity,
      priority: setup.priority,
      onProgress(done, total) {
        if (stopping.has(id)) throw new Error('Stopped');
        const now = Date.now();
        if (now - lastPost < PROGRESS_INTERVAL_MS && done < total) return;
        lastPost = now;
        post({ id, progress: [done, total] });
      },
    });
    post({ id, result });
  } catch (error) {
    if (error instanceof VideoReadError)
      post({ id, failed: { message: error.message, file: error.file, reason: error.reason } });
    else post({ id, failed: { message: error instanceof Error ? error.message : String(error) } });
  } finally {
    stopping.delete(id);
  }
}

port.on('message', (request: AnalysisThreadRequest) => {
  if ('stop' in request) stopping.add(request.stop);
  else void run(request);
});
