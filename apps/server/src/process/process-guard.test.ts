import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installProcessGuard, isStrayIoError, type ProcessGuardReport } from './process-guard.js';

const ioError = (code: string) => Object.assign(new Error(`failed: ${code}`), { code });

describe('process guard', () => {
  it('tells stray I/O errors from programming errors', () => {
    expect(isStrayIoError(ioError('ENOENT'))).toBe(true);
    expect(isStrayIoError(ioError('EPIPE'))).toBe(true);
    expect(isStrayIoError(ioError('ERR_STREAM_PREMATURE_CLOSE'))).toBe(true);
    expect(isStrayIoError(new TypeError('x is not a function'))).toBe(false);
    expect(isStrayIoError(ioError('ERR_INVALID_ARG_TYPE'))).toBe(false);
    expect(isStrayIoError('ENOENT')).toBe(false);
  });

  it('reports a stray stream error and goes on, but exits on a programming error', () => {
    const target = new EventEmitter();
    const reports: ProcessGuardReport[] = [];
    const exits: number[] = [];
    const remove = installProcessGuard(
      (report) => reports.push(report),
      (code) => exits.push(code),
      target,
    );
    target.emit('uncaughtException', ioError('ENOENT'));
    target.emit('unhandledRejection', new Error('nobody awaited this'));
    expect(exits).toEqual([]);
    target.emit('uncaughtException', new TypeError('undefined is not a function'));
    expect(exits).toEqual([1]);
    expect(reports.map((report) => report.kind)).toEqual([
      'uncaught-io-error',
      'unhandled-rejection',
      'fatal',
    ]);
    remove();
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});
