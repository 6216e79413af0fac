import { TrainingAttemptError } from '@sarm/ml/node';
import { describe, expect, it } from 'vitest';
import { TaskAbortedError } from '../../jobs/job-definition.js';
import { previousAttemptEnd } from '../../jobs/task-runner.js';
import {
  attemptEndedLine,
  attemptEndReason,
  explainRecordedEnd,
  hasAttemptEndNote,
  isPermanentTrainingError,
} from './attempt-notes.js';
import { newTrainingRun } from './training-run.js';

describe('attemptEndReason', () => {
  it('names a lost lease, a shutdown, a dead thread and an unreachable database', () => {
    expect(attemptEndReason(new Error('x'), new TaskAbortedError('lost'))).toBe(
      'lease lost: another worker took the task over after this one stopped renewing its lease',
    );
    expect(attemptEndReason(new Error('x'), new TaskAbortedError('shutdown'))).toMatch(
      /^the server shut down/,
    );
    const exited = new TrainingAttemptError('exited', 'worker thread exited with code 134');
    expect(attemptEndReason(exited, undefined)).toBe('worker thread exited with code 134');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(attemptEndReason(refused, undefined)).toBe(
      'database unreachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432)',
    );
  });

  it('tells the errors no retry can cure from the others', () => {
    const heap = new TrainingAttemptError('wasm-heap', 'Training needs more memory');
    expect(isPermanentTrainingError(heap, [])).toBe(true);
    expect(isPermanentTrainingError(new TrainingAttemptError('stalled', 's'), [])).toBe(false);
    expect(isPermanentTrainingError(new Error('No data'), ['No data'])).toBe(true);
  });
});

describe('the notes of a resumed run', () => {
  it('says where the next attempt starts', () => {
    expect(attemptEndedLine(2, 'worker thread exited with code 134', 5)).toBe(
      'Attempt 2 ended: worker thread exited with code 134; resuming from epoch 5',
    );
    expect(attemptEndedLine(1, 'stalled', null)).toBe(
      'Attempt 1 ended: stalled; starting again from the first epoch',
    );
  });

  it('finds a note of this job only, not one written before a retry was requested', () => {
    const run = newTrainingRun({
      epochs: 3,
      now: new Date(0),
      dataLabelId: null,
      datasetId: null,
      seed: 1,
    });
    const noted = {
      ...run,
      logs: [
        '[00:00:00] Training queued: 3 epochs',
        '[00:00:09] Attempt 1 ended: x; resuming from epoch 1',
      ],
    };
    expect(hasAttemptEndNote(noted, 1)).toBe(true);
    expect(hasAttemptEndNote(noted, 2)).toBe(false);
    const retried = {
      ...noted,
      logs: [...noted.logs, '[00:01:00] Retry requested: resuming from epoch 1'],
    };
    expect(hasAttemptEndNote(retried, 1)).toBe(false);
  });

  it('explains what pg-boss kept of an attempt whose process left no word', () => {
    const attempt = { id: 'j', data: {}, retryCount: 1, retryLimit: 2 };
    const timedOut = {
      ...attempt,
      output: { value: { message: 'job failed by timeout in active state' } },
    };
    expect(explainRecordedEnd(previousAttemptEnd(timedOut))).toBe(
      'its lease ran out (pg-boss: job failed by timeout in active state): the worker process ended, froze or could not reach the database',
    );
    const thrown = { ...attempt, output: { name: 'Error', message: 'disk full' } };
    expect(explainRecordedEnd(previousAttemptEnd(thrown))).toBe('it failed: disk full');
    expect(previousAttemptEnd({ ...thrown, retryCount: 0 })).toBeNull();
    expect(explainRecordedEnd(previousAttemptEnd(attempt))).toBe(
      'the previous attempt stopped reporting (worker process ended or lost its lease)',
    );
  });
});
