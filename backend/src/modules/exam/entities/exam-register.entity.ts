import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A user who entered an exam (with its password where one is needed). */
@Entity('exam_register')
@Index(['eid', 'uid'], { unique: true })
export class ExamRegister {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
