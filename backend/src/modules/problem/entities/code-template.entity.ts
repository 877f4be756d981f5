import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('code_template')
@Index(['pid', 'language'], { unique: true })
export class CodeTemplate {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  pid: number;

  /** Language display name. */
  @Column({ type: 'varchar', length: 64 })
  language: string;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'boolean', default: true })
  status: boolean;
}
