import { DataSource, In } from 'typeorm';
import { User } from '../../core/auth/entities/user.entity';
import { ContestAnnouncement } from './entities/contest-announcement.entity';

/** A contest announcement as HOJ's AnnouncementVO shows it: the author's `username`, `status` 0 shown / 1 hidden. */
export type ContestAnnouncementView = ContestAnnouncement & { username: string | null; status: 0 | 1 };

export async function announcementViews(db: DataSource, rows: ContestAnnouncement[]): Promise<ContestAnnouncementView[]> {
  const uids = [...new Set(rows.map((r) => r.uid))];
  const users = uids.length ? await db.getRepository(User).find({ select: ['uid', 'username'], where: { uid: In(uids) } }) : [];
  const names = new Map(users.map((u) => [u.uid, u.username]));
  return rows.map((r) => ({ ...r, username: names.get(r.uid) ?? null, status: r.visible ? 0 : 1 }));
}
