/** The contest's menu: the resolver (issue 35) only for its admins, once a sealed ACM contest has ended. */
import { ContestInfo, ContestStatus, ContestType } from '@oj/contracts';
import { contestMenu } from '../src/pages/contest-detail';

const info = (over: Partial<ContestInfo> = {}) => ({ type: ContestType.ACM, sealRank: true, openPrint: false, ...over }) as ContestInfo;
const admin = { isLoggedIn: true, isAdmin: true, entered: true };
const user = { isLoggedIn: true, isAdmin: false, entered: true };
const keys = (s: Parameters<typeof contestMenu>[0]) => contestMenu(s, false).map((i) => i.key);

describe('the contest menu', () => {
  it('offers the resolver to admins of an ended, sealed ACM contest', () => {
    expect(keys({ info: info(), viewer: admin, isRoot: false, status: ContestStatus.Ended })).toContain('resolver');
  });

  it('and nowhere else', () => {
    expect(keys({ info: info(), viewer: user, isRoot: false, status: ContestStatus.Ended })).not.toContain('resolver');
    expect(keys({ info: info(), viewer: admin, isRoot: false, status: ContestStatus.Running })).not.toContain('resolver');
    expect(keys({ info: info({ sealRank: false }), viewer: admin, isRoot: false, status: ContestStatus.Ended })).not.toContain('resolver');
    expect(keys({ info: info({ type: ContestType.OI }), viewer: admin, isRoot: false, status: ContestStatus.Ended })).not.toContain(
      'resolver',
    );
  });
});
