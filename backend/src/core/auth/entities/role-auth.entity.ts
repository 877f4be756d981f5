import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { RoleEntity } from './role.entity';
import { AuthEntity } from './auth.entity';

/** Which role holds which permission (HOJ's `role_auth`). */
@Entity('role_auth')
@Index('uq_role_auth_role_auth', ['roleId', 'authId'], { unique: true })
export class RoleAuth {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  roleId: number;

  @Index('idx_role_auth_auth')
  @Column({ type: 'integer' })
  authId: number;

  @ManyToOne(() => RoleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role?: RoleEntity;

  @ManyToOne(() => AuthEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'auth_id' })
  auth?: AuthEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
