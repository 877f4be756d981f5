import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A permission (HOJ's `auth` table): the built-in ones are seeded; admins may add their own. */
@Entity('auth')
export class AuthEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The key the code checks, e.g. "problem:admin". */
  @Column({ type: 'varchar', length: 64, unique: true })
  permission: string;

  /** 0 in force, 1 disabled. */
  @Column({ type: 'smallint', default: 0 })
  status: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
