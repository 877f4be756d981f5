import { Tag } from 'antd';
import { CSSProperties } from 'react';
import { nameStyleColor } from '@oj/contracts';
import { useUserNameStyle } from '@oj/kit/core';

/** A user's name in the colour of their rating band (admins in their own colour) with their title (product §6). */
export function UserName({
  username,
  text,
  showTitle = true,
  style,
  testId = 'user-name',
}: {
  /** Whose style: the name the lists carry. */
  username: string;
  /** What to show instead of the username (nickname, real name). */
  text?: React.ReactNode;
  showTitle?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  const s = useUserNameStyle(username);
  const color = nameStyleColor(s);
  return (
    <span
      className="oj-user-name"
      data-testid={testId}
      data-username={username}
      data-color={color ?? ''}
      style={color ? { color, fontWeight: 600, ...style } : style}
    >
      {text ?? username}
      {showTitle && s?.titleName && (
        <Tag color={s.titleColor ?? undefined} style={{ marginLeft: 4, fontWeight: 400 }}>
          {s.titleName}
        </Tag>
      )}
    </span>
  );
}
