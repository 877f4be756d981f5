import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('problem_tag')
@Index(['pid', 'tid'], { unique: true })
export class ProblemTag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  pid: number;

  @Index()
  @Column({ type: 'int' })
  tid: number;
}
