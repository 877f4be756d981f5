import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The roles of product §6 (ids 1000–1008), seeded by a migration from contracts. */
@Entity('role')
export class RoleEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** Name as it appears in roleList, e.g. "root". */
  @Column({ type: 'varchar', length: 50, unique: true })
  role: string;

  @Column({ type: 'varchar', length: 100 })
  description: string;

  /** 0 usable, 1 disabled. */
  @Column({ type: 'smallint', default: 0 })
  status: number;
}
