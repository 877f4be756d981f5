import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A language a problem accepts; a problem without rows accepts every language the judges run. */
@Entity('problem_language')
@Index(['pid', 'language'], { unique: true })
export class ProblemLanguage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  pid: number;

  @Column({ type: 'varchar', length: 64 })
  language: string;
}
