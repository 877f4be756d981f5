import { calendarCells, monthLabels } from '../src/pages/user-home/calendar-cells';

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

describe('the month labels of the submission calendar (issue 37 item 14)', () => {
  it('names each month over the week holding its 1st, in the page language', () => {
    const cells = calendarCells({ endDate: '2026-11-23', dataList: [] });
    const zh = monthLabels(cells, 'zh-CN');
    const en = monthLabels(cells, 'en-US');
    // 2025-11-23 (a Sunday) starts the calendar: its month is mostly gone, so the first label is December's.
    expect(cells[0].date).toBe('2025-11-23');
    expect([...zh.values()]).toEqual(['12月', '1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月']);
    expect(en.get(cells.find((c) => c.date === '2026-01-01')!.week)).toBe('Jan');
    expect(zh.get(cells.find((c) => c.date === '2026-11-01')!.week)).toBe('11月');
    expect(zh.has(0)).toBe(false);
  });

  it('labels the first column when it starts at the beginning of a month', () => {
    // 2026-03-01 is a Sunday; ending 52 weeks later puts it in the first column.
    const cells = calendarCells({ endDate: '2027-03-06', dataList: [] });
    expect(cells[0].date).toBe('2026-03-01');
    expect(monthLabels(cells, 'en-US').get(0)).toBe('Mar');
  });
});
