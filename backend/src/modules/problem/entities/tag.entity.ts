import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A problem tag: name, colour and attribution (the OJ it belongs to, "ME" for local problems). */
@Entity('tag')
@Index(['name', 'oj'], { unique: true })
export class Tag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  color: string | null;

  @Column({ type: 'varchar', length: 20, default: 'ME' })
  oj: string;

  @Column({ type: 'int', nullable: true })
  gid: number | null;

  /** The tag classification it is listed under (tag_classification.id), none when null. */
  @Column({ type: 'int', nullable: true })
  tcid: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
