import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One row per configuration section ("web", "email", "mobile", "switch", "carousel"), value as JSON. */
@Entity('site_config')
export class SiteConfigEntry {
  @PrimaryColumn({ type: 'varchar', length: 50 })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
