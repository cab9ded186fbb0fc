import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background-tasks.js';

describe('background tasks', () => {
  it('runs tasks without blocking the caller and drains them', async () => {
    const tasks = createBackgroundTasks();
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    tasks.run(async () => {
      await gate;
      done.push('slow');
    }, () => undefined);
    expect(done).toEqual([]);
    const drained = tasks.drain().then(() => done.push('drained'));
    release();
    await drained;
    expect(done).toEqual(['slow', 'drained']);
  });

  it('hands a failure to onError instead of rejecting', async () => {
    const tasks = createBackgroundTasks();
    const errors: unknown[] = [];
    tasks.run(() => Promise.reject(new Error('smtp down')), (error) => errors.push(error));
    await tasks.drain();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('smtp down');
  });
});
