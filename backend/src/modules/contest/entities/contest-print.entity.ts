import { PrintStatus } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A print request of a contestant (product §3), handled by the contest admins. */
@Entity('contest_print')
@Index(['cid', 'gmtCreate'])
export class ContestPrint {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  cid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  realname: string | null;

  @Column({ type: 'text' })
  content: string;

  /** PrintStatus: 0 not printed, 1 printed. */
  @Column({ type: 'smallint', default: PrintStatus.NotPrinted })
  status: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
