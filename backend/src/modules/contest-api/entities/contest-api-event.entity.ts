import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who may read an event: both views, contest admins only, or the public (sealed) view only. */
export enum EventAudience {
  All = 0,
  Admin = 1,
  Public = 2,
}

/**
 * The Contest API's event log (README): one row per change of a contest's objects as the API shows them, in the
 * order written; `id` is the event's token. `data` null is a delete.
 */
@Entity('contest_api_event')
@Index(['cid', 'id'])
export class ContestApiEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'int' })
  cid: number;

  @Column({ type: 'varchar', length: 32 })
  type: string;

  /** The object's id; null for the singletons (contest, state). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  objectId: string | null;

  /** json, not jsonb: the text is kept exactly as written, so replicas compare and readers send it as is. */
  @Column({ type: 'json', nullable: true })
  data: unknown;

  @Column({ type: 'smallint', default: EventAudience.All })
  audience: EventAudience;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
