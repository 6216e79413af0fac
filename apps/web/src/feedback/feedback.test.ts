import { describe, expect, it } from 'vitest';
import { ALERT_DEFAULT_DURATION_MS, createAlert, removeAlertById } from './alerts';
import { runConfirmAction } from './confirm';

describe('alerts', () => {
  it('close themselves after 5000 ms unless autoClose is explicitly false', () => {
    expect(createAlert({ message: 'Saved' }, 'a1')).toEqual({
      id: 'a1',
      message: 'Saved',
      type: 'info',
      title: null,
      autoClose: true,
      durationMs: ALERT_DEFAULT_DURATION_MS,
    });
    expect(
      createAlert({ message: 'Stay', autoClose: false, type: 'error', title: 'Upload' }, 'a2'),
    ).toMatchObject({
      autoClose: false,
      type: 'error',
      title: 'Upload',
    });
    expect(ALERT_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('are removed by id', () => {
    const alerts = [createAlert({ message: 'one' }, 'a'), createAlert({ message: 'two' }, 'b')];
    expect(removeAlertById(alerts, 'a').map((a) => a.id)).toEqual(['b']);
  });
});

describe('runConfirmAction', () => {
  it('waits for the action and swallows its failure', async () => {
    const order: string[] = [];
    await runConfirmAction(async () => {
      await Promise.resolve();
      order.push('ran');
    });
    await expect(
      runConfirmAction(() => Promise.reject(new Error('delete failed'))),
    ).resolves.toBeUndefined();
    await expect(
      runConfirmAction(() => {
        throw new Error('sync failure');
      }),
    ).resolves.toBeUndefined();
    expect(order).toEqual(['ran']);
  });
});
