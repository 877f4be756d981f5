import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A class of tags (HOJ's tag classification): tags of one OJ grouped under a name, ordered by rank. */
@Entity('tag_classification')
@Index('idx_tag_classification_oj_rank', ['oj', 'rank'])
export class TagClassification {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The OJ its tags belong to ("ME" local, or a remote key). */
  @Column({ type: 'varchar', length: 20, default: 'ME' })
  oj: string;

  /** Display order, smallest first. */
  @Column({ type: 'int', default: 0 })
  rank: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
