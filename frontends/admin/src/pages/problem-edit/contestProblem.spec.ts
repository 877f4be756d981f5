import { ProblemAuth } from '@oj/contracts';
import { colorValue, contestLinkValues, NEW_CONTEST_LINK, toContestProblemBody, validateContestLink } from './contestProblem';
import { NEW_PROBLEM, toProblemDto } from './problemForm';

const dto = () =>
  toProblemDto(
    { ...NEW_PROBLEM, problemId: 'C1', title: 'Contest A+B', auth: ProblemAuth.Contest, languages: ['C++'], isUploadCase: false },
    { allTags: [], author: 'admin' },
  );

describe('the problem editor inside a contest', () => {
  it('sends the bank editor dto with the contest, a trimmed display id and the colour as #rrggbb', () => {
    const body = toContestProblemBody(dto(), 7, { displayId: ' A ', displayTitle: ' Shown ', color: { toHexString: () => '#ff0000' } });
    expect(body).toMatchObject({ cid: 7, displayId: 'A', displayTitle: 'Shown', color: '#ff0000' });
    expect(body.problem).toMatchObject({ problemId: 'C1', title: 'Contest A+B', auth: ProblemAuth.Contest });
    expect(body.languages).toEqual(['C++']);
  });

  it("uses the problem's title when the display title is empty, and no colour when none is chosen", () => {
    expect(toContestProblemBody(dto(), 7, { displayId: 'B', displayTitle: '  ', color: null })).toMatchObject({
      displayTitle: 'Contest A+B',
      color: null,
    });
    expect(colorValue('#00ff00')).toBe('#00ff00');
    expect(colorValue(undefined)).toBeNull();
  });

  it('requires a display id (product §5)', () => {
    expect(validateContestLink({ displayId: '' }).map((e) => e.id)).toEqual(['admin.contestProblem.displayIdRequired']);
    expect(validateContestLink({ displayId: '   ' })).toHaveLength(1);
    expect(validateContestLink({ displayId: 'A' })).toEqual([]);
  });

  it('reads the stored link into the form, or starts empty', () => {
    const cp = { id: 1, cid: 7, pid: 3, displayId: 'C', displayTitle: 'T', color: '#123456' };
    expect(contestLinkValues(cp)).toEqual({ displayId: 'C', displayTitle: 'T', color: '#123456' });
    expect(contestLinkValues(null)).toEqual(NEW_CONTEST_LINK);
  });
});
