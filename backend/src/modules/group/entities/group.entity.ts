import { GroupAuth, GroupStatus } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A class or team (HOJ `group`; the table is `group_info` since GROUP is an SQL keyword). */
@Entity('group_info')
@Index('uq_group_name', ['name'], { unique: true })
@Index('uq_group_short_name', ['shortName'], { unique: true })
@Index('ix_group_list', ['status', 'visible', 'id'])
@Index('ix_group_owner', ['uid'])
export class Group {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  avatar: string | null;

  @Column({ type: 'varchar', length: 25 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  shortName: string;

  @Column({ type: 'varchar', length: 50 })
  brief: string;

  @Column({ type: 'text' })
  description: string;

  /** The owner's username (HOJ `owner`); `uid` is the owner's id. */
  @Column({ type: 'varchar', length: 100 })
  owner: string;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'smallint' })
  auth: GroupAuth;

  /** Shown in get-group-list to non-members. */
  @Column({ type: 'boolean', default: true })
  visible: boolean;

  @Column({ type: 'smallint', default: GroupStatus.Normal })
  status: GroupStatus;

  /** The invitation code (6 characters); never sent to anyone but the owner and root. */
  @Column({ type: 'varchar', length: 6, nullable: true, select: false })
  code: string | null;

  /** Members of level 3 to 5, kept with every membership change (the list shows it without counting). */
  @Column({ type: 'int', default: 1 })
  memberCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
