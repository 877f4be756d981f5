import { calendarCells } from '../src/pages/user-home/calendar-cells';

describe('the submission calendar', () => {
  it('covers whole weeks up to the end date, Sundays first, with the counts of the days given', () => {
    // 2026-11-23 is a Monday.
    const cells = calendarCells({
      endDate: '2026-11-23',
      dataList: [
        { date: '2026-11-22', count: 4 },
        { date: '2026-11-23', count: 1 },
      ],
    });
    expect(cells).toHaveLength(52 * 7 + 2);
    expect(cells[0]).toMatchObject({ week: 0, weekday: 0 });
    expect(cells.at(-1)).toEqual({ week: 52, weekday: 1, date: '2026-11-23', count: 1 });
    expect(cells.at(-2)).toEqual({ week: 52, weekday: 0, date: '2026-11-22', count: 4 });
    expect(cells.filter((c) => c.count > 0)).toHaveLength(2);
  });
});
