import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An announcement inside a contest. */
@Entity('contest_announcement')
@Index(['cid', 'gmtCreate'])
export class ContestAnnouncement {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  cid: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text' })
  content: string;

  /** Author's uid. */
  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'boolean', default: true })
  visible: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
