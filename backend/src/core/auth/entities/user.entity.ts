import { randomUUID } from 'crypto';
import { BeforeInsert, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const UserStatus = { Normal: 0, Disabled: 1 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
export type Gender = 'male' | 'female' | 'secrecy';

/** A 32-hex-digit id, the shape HOJ clients expect for `uid`. */
export const newUid = (): string => randomUUID().replace(/-/g, '');

/** An account (product §3 "User (admin)"). The password column holds an argon2 hash, never the password. */
@Entity('user_info')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @Index('uq_user_info_username', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Column({ type: 'varchar', length: 255, select: false })
  password: string;

  @Index('uq_user_info_email', { unique: true })
  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  realname: string | null;

  @Column({ type: 'varchar', length: 10, default: 'secrecy' })
  gender: Gender;

  @Column({ type: 'varchar', length: 100, nullable: true })
  nickname: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  school: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  course: string | null;

  /** Student number. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  number: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  blog: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  github: string | null;

  /** The user's name on a competitive programming site (Codeforces in HOJ). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  cfUsername: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  avatar: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  signature: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  mobile: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  titleName: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  titleColor: string | null;

  /** 0 normal, 1 disabled. */
  @Column({ type: 'smallint', default: UserStatus.Normal })
  status: UserStatus;

  /** Raised to revoke every token of the user (password change, disabling). */
  @Column({ type: 'integer', default: 0 })
  tokenVersion: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginTime: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  lastLoginIp: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;

  @BeforeInsert()
  assignUid(): void {
    if (!this.uid) this.uid = newUid();
  }
}
