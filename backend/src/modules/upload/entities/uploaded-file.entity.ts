import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An uploaded image (HOJ's `file` table): Markdown editors, home carousel, e-mail background; or a file attached from a Markdown editor. */
@Entity('file')
@Index('idx_file_kind_created', ['kind', 'gmtCreate'])
export class UploadedFile {
  @PrimaryGeneratedColumn()
  id: number;

  /** markdown | carousel | email | attachment */
  @Column({ type: 'varchar', length: 16 })
  kind: string;

  /** Stored name: 32 hex characters and the extension of the sniffed type (an attachment's own, if plain). */
  @Column({ type: 'varchar', length: 48, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  originalName: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
