import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A contest announcement a user acknowledged (issue 21): kept on the server, so its popup does not come back
 * in every new browser; the client's own read list (HOJ's readAnnouncementList) still counts too.
 */
@Entity('contest_announcement_read')
@Index('idx_contest_announcement_read_uid_cid', ['uid', 'cid'])
export class ContestAnnouncementRead {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @PrimaryColumn({ type: 'int' })
  announcementId: number;

  @Column({ type: 'int' })
  cid: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
