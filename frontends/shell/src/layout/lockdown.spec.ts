import { insideLock, lockHandler, lockedHome, LOCK_NOTICE_GAP_MS } from './lockdown';

describe('shell: lock-mode refusals (issue 36)', () => {
  const exam = { kind: 'exam' as const, id: 7 };

  it('knows the held place and what lies inside it', () => {
    expect(lockedHome(exam)).toBe('/exam/7');
    expect(insideLock('/exam/7', exam)).toBe(true);
    expect(insideLock('/exam/7/question/3', exam)).toBe(true);
    expect(insideLock('/exam/70', exam)).toBe(false);
    expect(insideLock('/problem', exam)).toBe(false);
    expect(insideLock('/contest/7', exam)).toBe(false);
  });

  it('sends a participant outside back and notifies once per burst', () => {
    let path = '/problem';
    let clock = 1_000_000;
    const navigate = jest.fn((url: string) => (path = url));
    const notify = jest.fn();
    const handle = lockHandler({ navigate, notify, pathname: () => path, now: () => clock });
    handle(exam, '考试进行中，只能访问本场考试。');
    handle(exam, '考试进行中，只能访问本场考试。');
    expect(navigate.mock.calls).toEqual([['/exam/7']]);
    expect(notify).toHaveBeenCalledTimes(1);
    clock += LOCK_NOTICE_GAP_MS;
    path = '/discussion';
    handle(exam, '考试进行中，只能访问本场考试。');
    expect(navigate).toHaveBeenLastCalledWith('/exam/7');
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
