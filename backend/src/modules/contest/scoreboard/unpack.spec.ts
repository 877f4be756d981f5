import { unpackSubmissions } from './scoreboard.service';
import { BoardSubmission } from './scoreboard-engine';

describe('unpackSubmissions', () => {
  it('reads packed submissions with negative statuses, unknown scores and times, and offsets from the start', () => {
    const out: BoardSubmission[] = [];
    const start = 1767225600000;
    unpackSubmissions(
      '12,7,-1,-1,35,0;13,9,0,100,-1,60000;14,99,0,100,5,1',
      'u1',
      new Map([
        [7, 'A'],
        [9, 'C'],
      ]),
      start,
      out,
    );
    expect(out).toEqual([
      { submitId: 12, uid: 'u1', displayId: 'A', status: -1, score: null, time: 35, submitTime: start },
      { submitId: 13, uid: 'u1', displayId: 'C', status: 0, score: 100, time: null, submitTime: start + 60000 },
    ]);
  });
});
