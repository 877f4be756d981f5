import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A user who entered a contest (with its password where one is needed). */
@Entity('contest_register')
@Index(['cid', 'uid'], { unique: true })
export class ContestRegister {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  cid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
