import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One successful login (POST /api/login or /api/admin/login), HOJ's `session` row; read by the admin dashboard. */
@Entity('login_session')
@Index('idx_login_session_uid_time', ['uid', 'gmtCreate'])
export class LoginSession {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 512 })
  userAgent: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
