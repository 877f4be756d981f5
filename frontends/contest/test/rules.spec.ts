import { ContestAuth, ContestStatus, ContestType, JudgeStatus } from '@oj/contracts';
import { boardRows, contestShowsScores, scoreText, menuDisabled, mustEnterToView, showPasswordForm, submitRefusal } from '../src/lib/rules';

const user = { isLoggedIn: true, isAdmin: false, entered: false };
const entered = { ...user, entered: true };
const admin = { ...user, isAdmin: true };

describe('contest access on the client (product §6)', () => {
  it('blocks a private contest until the password is entered, never for admins', () => {
    expect(mustEnterToView(ContestAuth.Private, user)).toBe(true);
    expect(mustEnterToView(ContestAuth.Private, entered)).toBe(false);
    expect(mustEnterToView(ContestAuth.Private, admin)).toBe(false);
    expect(mustEnterToView(ContestAuth.Protected, user)).toBe(false);
  });

  it('shows the password form for private and protected contests not entered', () => {
    expect(showPasswordForm(ContestAuth.Public, user)).toBe(false);
    expect(showPasswordForm(ContestAuth.Protected, user)).toBe(true);
    expect(showPasswordForm(ContestAuth.Protected, entered)).toBe(false);
    expect(showPasswordForm(ContestAuth.Private, admin)).toBe(false);
  });

  it('disables the menu when scheduled or private and not entered, unless admin', () => {
    expect(menuDisabled(ContestAuth.Public, ContestStatus.Scheduled, user)).toBe(true);
    expect(menuDisabled(ContestAuth.Public, ContestStatus.Scheduled, admin)).toBe(false);
    expect(menuDisabled(ContestAuth.Private, ContestStatus.Running, user)).toBe(true);
    expect(menuDisabled(ContestAuth.Protected, ContestStatus.Running, user)).toBe(false);
  });

  it('refuses submitting when ended, when scheduled for non-admins, and without the password', () => {
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Ended, admin)).toBe('contest.submit.ended');
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Scheduled, user)).toBe('contest.submit.notStarted');
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Scheduled, admin)).toBeNull();
    expect(submitRefusal(ContestAuth.Protected, ContestStatus.Running, user)).toBe('contest.submit.enterPassword');
    expect(submitRefusal(ContestAuth.Protected, ContestStatus.Running, entered)).toBeNull();
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Running, user)).toBeNull();
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Running, { ...user, isLoggedIn: false })).toBe('contest.submit.loginFirst');
  });

  it('lets a running virtual run submit to the ended contest, with no password (the run was started under the view rules)', () => {
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Ended, user, true)).toBeNull();
    expect(submitRefusal(ContestAuth.Protected, ContestStatus.Ended, user, true)).toBeNull();
    expect(submitRefusal(ContestAuth.Protected, ContestStatus.Ended, user, false)).toBe('contest.submit.ended');
    expect(submitRefusal(ContestAuth.Public, ContestStatus.Ended, { ...user, isLoggedIn: false }, true)).toBe('contest.submit.loginFirst');
  });
});

describe('ACM vs OI presentation (issue #21)', () => {
  it("shows the submissions' score column only in an OI contest", () => {
    expect(contestShowsScores(ContestType.OI)).toBe(true);
    expect(contestShowsScores(ContestType.ACM)).toBe(false);
  });

  it('shows "--", not 0, for a score the seal hides or judging has not given yet (issue 37)', () => {
    expect(scoreText(JudgeStatus.SubmittedUnknownResult, null)).toBe('--');
    expect(scoreText(JudgeStatus.Pending, null)).toBe('--');
    expect(scoreText(JudgeStatus.Judging, 0)).toBe('--');
    expect(scoreText(JudgeStatus.WrongAnswer, 0)).toBe('0');
    expect(scoreText(JudgeStatus.PartialAccepted, 40)).toBe('40');
  });
});

describe('rank pages as the server answers them (HOJ pins the caller on page 1)', () => {
  const me = { uid: 'me' };
  const a = { uid: 'a' };
  it("drops page 1's copy of the caller's row, even when the caller leads", () => {
    expect(boardRows([me, a, me], 1, 'me')).toEqual([a, me]);
    expect(boardRows([me, me, a], 1, 'me')).toEqual([me, a]);
  });
  it('leaves other pages, other viewers and anonymous ones alone', () => {
    expect(boardRows([me, a], 2, 'me')).toEqual([me, a]);
    expect(boardRows([a, me], 1, 'me')).toEqual([a, me]);
    expect(boardRows([me, a], 1, undefined)).toEqual([me, a]);
  });
});
