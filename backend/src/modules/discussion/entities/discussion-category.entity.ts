import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Admin-managed discussion category (HOJ's Category). */
@Entity('discussion_category')
export class DiscussionCategoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
