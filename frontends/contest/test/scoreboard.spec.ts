import { acmCell, oiCell, rankText } from '../src/components/scoreboard-cells';
import { printTextProblem } from '../src/pages/print';
import { contestCodeKey, loadConcerned, loadReadAnnouncements, markAnnouncementsRead, toggleConcerned } from '../src/lib/storage';

describe('scoreboard cells', () => {
  it('shows AC time and earlier rejected tries, first blood apart', () => {
    expect(acmCell({ isAC: true, ACTime: 3725, errorNum: 2, tryNum: 0, isFirstAC: true })).toEqual({
      kind: 'firstBlood',
      main: '01:02:05',
      sub: '(-2)',
    });
    expect(acmCell({ isAC: true, ACTime: 60, errorNum: 0, tryNum: 0, isFirstAC: false })).toEqual({
      kind: 'ac',
      main: '00:01:00',
      sub: '',
    });
  });

  it('shows rejected tries, and tries hidden by the seal as pending', () => {
    expect(acmCell({ isAC: false, errorNum: 3, tryNum: 0, isFirstAC: false })).toEqual({ kind: 'wrong', main: '', sub: '(-3)' });
    expect(acmCell({ isAC: false, errorNum: 1, tryNum: 2, isFirstAC: false })).toEqual({ kind: 'pending', main: '', sub: '(-1) +2?' });
    expect(acmCell(undefined).kind).toBe('none');
  });

  it('shows OI scores and pending tries', () => {
    expect(oiCell({ submissionInfo: { A: 60 }, pendingInfo: {} }, 'A')).toEqual({ kind: 'ac', main: '60', sub: '' });
    expect(oiCell({ submissionInfo: { A: 0 }, pendingInfo: {} }, 'A').kind).toBe('wrong');
  });

  it("marks an OI cell's hidden or judging tries OI's way: the score so far and '?', never ACM's '+1?' (issue 37)", () => {
    expect(oiCell({ submissionInfo: {}, pendingInfo: { B: 1 } }, 'B')).toEqual({ kind: 'pending', main: '?', sub: '×1' });
    expect(oiCell({ submissionInfo: { B: 40 }, pendingInfo: { B: 2 } }, 'B')).toEqual({ kind: 'pending', main: '40?', sub: '×2' });
    expect(oiCell({ submissionInfo: { B: 0 }, pendingInfo: { B: 1 } }, 'B').main).toBe('0?');
    expect(oiCell({ submissionInfo: { B: 40 }, pendingInfo: { B: 0 } }, 'B')).toEqual({ kind: 'ac', main: '40', sub: '' });
  });

  it('does not rank star users', () => {
    expect(rankText(-1)).toBe('*');
    expect(rankText(3)).toBe('3');
  });
});

describe('print text (product §5)', () => {
  it('needs at least 50 characters', () => {
    expect(printTextProblem('   ')).toBe('contest.print.empty');
    expect(printTextProblem('x'.repeat(49))).toBe('contest.print.tooShort');
    expect(printTextProblem('x'.repeat(50))).toBeNull();
  });
});

describe('contest local storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps code per contest and problem', () => {
    expect(contestCodeKey(7, 'A')).not.toBe(contestCodeKey(8, 'A'));
  });

  it('remembers read announcements per contest', () => {
    markAnnouncementsRead(1, [3, 4]);
    markAnnouncementsRead(1, [4, 5]);
    expect(loadReadAnnouncements(1)).toEqual([3, 4, 5]);
    expect(loadReadAnnouncements(2)).toEqual([]);
  });

  it('toggles followed users of a contest rank', () => {
    expect(toggleConcerned(1, 'u1')).toEqual(['u1']);
    expect(toggleConcerned(1, 'u2')).toEqual(['u1', 'u2']);
    expect(toggleConcerned(1, 'u1')).toEqual(['u2']);
    expect(loadConcerned(1)).toEqual(['u2']);
  });
});
