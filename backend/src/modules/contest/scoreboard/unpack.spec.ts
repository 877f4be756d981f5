import { unpackSubmissions } from './scoreboard.service';
import { BoardSubmission } from './scoreboard-engine';

describe('unpackSubmissions', () => {
  it('reads packed submissions with negative statuses and empty scores', () => {
    const out: BoardSubmission[] = [];
    unpackSubmissions('12,0,-1,,35,1767225600000;13,2,0,100,,1767225660000', 'u1', ['A', 'B', 'C'], out);
    expect(out).toEqual([
      { submitId: 12, uid: 'u1', displayId: 'A', status: -1, score: null, time: 35, submitTime: 1767225600000 },
      { submitId: 13, uid: 'u1', displayId: 'C', status: 0, score: 100, time: null, submitTime: 1767225660000 },
    ]);
  });
});
