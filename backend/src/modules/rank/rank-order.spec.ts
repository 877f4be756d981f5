import { compareRank, RankType } from './rank-order';

describe('rank ordering', () => {
  const rows = [
    { uid: 'a', solved: 2, submissions: 9, totalScore: 150 },
    { uid: 'b', solved: 3, submissions: 20, totalScore: 120 },
    { uid: 'c', solved: 2, submissions: 4, totalScore: 150 },
    { uid: 'd', solved: 0, submissions: 1, totalScore: 0 },
  ];

  it('orders ACM by problems solved, then by fewer submissions', () => {
    expect([...rows].sort(compareRank(RankType.ACM)).map((r) => r.uid)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('orders OI by total score, ties by solved then submissions', () => {
    expect([...rows].sort(compareRank(RankType.OI)).map((r) => r.uid)).toEqual(['c', 'a', 'b', 'd']);
  });
});
