import { GroupMemberStatus } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A user's standing in a group (HOJ `group_member`): applying 1, refused 2, member 3, admin 4, owner 5. */
@Entity('group_member')
@Index('uq_group_member', ['gid', 'uid'], { unique: true })
@Index('ix_group_member_uid', ['uid', 'auth'])
export class GroupMember {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  gid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'smallint' })
  auth: GroupMemberStatus;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reason: string | null;

  /** Join (or apply) time. */
  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  /** Last change of level. */
  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
