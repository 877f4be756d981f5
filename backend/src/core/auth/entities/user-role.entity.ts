import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { RoleEntity } from './role.entity';
import { User } from './user.entity';

/** Links a user to their role (one role per user). */
@Entity('user_role')
export class UserRole {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_user_role_uid', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'integer' })
  roleId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'uid' })
  user?: User;

  @ManyToOne(() => RoleEntity)
  @JoinColumn({ name: 'role_id' })
  role?: RoleEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
