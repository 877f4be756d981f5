import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A training category with its badge colour (HOJ `training_category`). */
@Entity('training_category')
export class TrainingCategory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** CSS colour of the badge. */
  @Column({ type: 'varchar', length: 32, default: '#409EFF' })
  color: string;

  @Column({ type: 'int', nullable: true })
  gid: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
