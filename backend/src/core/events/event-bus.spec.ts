import { EventBus } from './event-bus';
import { JudgeResultWritten } from './domain-events';

const result = (submitId: number): JudgeResultWritten => ({
  submitId,
  uid: 'u1',
  pid: 1,
  cid: 0,
  eid: 0,
  tid: null,
  displayPid: '1000',
  status: 0,
  score: null,
  time: 5,
  submitTime: new Date(0),
});

describe('EventBus', () => {
  it('calls every subscriber in order, waits for each, and a failing one does not stop the others', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('judge.result-written', async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push(`a${r.submitId}`);
    });
    bus.on('judge.result-written', () => {
      throw new Error('boom');
    });
    bus.on('judge.result-written', (r) => void seen.push(`c${r.submitId}`));
    await bus.emit('judge.result-written', result(7));
    expect(seen).toEqual(['a7', 'c7']);
  });

  it('answers a request through its one handler, refuses a second handler and fails without one', async () => {
    const bus = new EventBus();
    await expect(bus.request('judge.rejudge', { submitId: 3 })).rejects.toThrow('nothing handles "judge.rejudge"');
    bus.handle('judge.rejudge', async ({ submitId }) => ({ submitId, status: 5 }));
    expect(() => bus.handle('judge.rejudge', async ({ submitId }) => ({ submitId, status: 0 }))).toThrow('already has a handler');
    await expect(bus.request('judge.rejudge', { submitId: 3 })).resolves.toEqual({ submitId: 3, status: 5 });
  });
});
