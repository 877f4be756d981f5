import { SnakeNamingStrategy, snakeCase } from './snake-naming.strategy';

describe('snake_case naming', () => {
  it('turns camelCase and PascalCase into snake_case', () => {
    expect(snakeCase('problemId')).toBe('problem_id');
    expect(snakeCase('UserRole')).toBe('user_role');
    expect(snakeCase('defaultCreateDiscussionACInitValue')).toBe('default_create_discussion_ac_init_value');
    expect(snakeCase('gmtCreate')).toBe('gmt_create');
  });

  it('names columns, tables and join columns in snake_case', () => {
    const n = new SnakeNamingStrategy();
    expect(n.columnName('cfUsername', undefined, [])).toBe('cf_username');
    expect(n.columnName('x', 'explicit_name', [])).toBe('explicit_name');
    expect(n.tableName('AdminSysNotice', undefined)).toBe('admin_sys_notice');
    expect(n.joinColumnName('role', 'id')).toBe('role_id');
  });
});
