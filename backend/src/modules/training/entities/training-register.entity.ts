import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A user who entered a private training's password; remembered so it is asked once (HOJ `training_register`). */
@Entity('training_register')
@Index('uq_training_register', ['tid', 'uid'], { unique: true })
export class TrainingRegister {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  tid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
