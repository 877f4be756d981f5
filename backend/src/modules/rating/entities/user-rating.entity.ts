import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's current contest rating (absent until their first rated contest). */
@Entity('user_rating')
export class UserRating {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'int' })
  rating: number;

  @Column({ type: 'int', default: 0 })
  contests: number;
}
