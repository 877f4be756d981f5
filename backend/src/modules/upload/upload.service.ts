import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, MdFileUse, MdFileVO, Page, UPLOAD_API, UPLOAD_LIMITS, UploadKind } from '@oj/contracts';
import { randomUUID } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { sniffImage } from './avatar-image';
import { UploadedFile } from './entities/uploaded-file.entity';

/** Names the public route accepts (what `store` writes). */
export const UPLOAD_FILE = /^[0-9a-f]{32}\.(png|jpg|gif|bmp|webp)$/;
/** Names of attached files (what `storeAttachment` writes): the upload's own extension, if it had a plain one. */
export const ATTACHMENT_FILE = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;
const EXT = { png: 'png', jpeg: 'jpg', gif: 'gif', bmp: 'bmp', webp: 'webp' } as const;
export const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** Tables whose Markdown may show an uploaded image, with how a row is named on the list. */
const USES: { type: MdFileUse['type']; table: string; columns: string[]; key: string; title: string }[] = [
  { type: 'problem', table: 'problem', columns: ['description', 'input', 'output', 'hint'], key: 'problem_id', title: 'title' },
  { type: 'discussion', table: 'discussion', columns: ['content'], key: 'id', title: 'title' },
  { type: 'announcement', table: 'announcement', columns: ['content'], key: 'id', title: 'title' },
  { type: 'contest', table: 'contest', columns: ['description'], key: 'id', title: 'title' },
  { type: 'contestAnnouncement', table: 'contest_announcement', columns: ['content'], key: 'cid', title: 'title' },
  { type: 'training', table: 'training', columns: ['description'], key: 'id', title: 'title' },
  { type: 'comment', table: 'comment', columns: ['content'], key: 'id', title: "''" },
];

/**
 * Uploaded images, checked by content (gif, jpg, png, bmp, webp), stored under FILES_DIR/upload with a random
 * name and served at /api/public/upload/<name>. Markdown images are listed with where they are used and deleted
 * by the admin (file management) or by their uploader.
 */
@Injectable()
export class UploadService {
  constructor(
    @InjectRepository(UploadedFile) private readonly files: Repository<UploadedFile>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ds: DataSource,
  ) {}

  get dir(): string {
    return path.join(this.config.paths.filesDir, 'upload');
  }

  fileOf(name: string): string | null {
    return UPLOAD_FILE.test(name) ? path.join(this.dir, name) : null;
  }

  static link(name: string): string {
    return UPLOAD_API.prefix + name;
  }

  async store(
    kind: UploadKind,
    user: AuthUser,
    file: { buffer: Buffer; size: number; originalname?: string } | undefined,
  ): Promise<UploadedFile> {
    if (!file?.buffer?.length) throw new BadRequestError(ERR.fileTypeNotSupport);
    const max = kind === 'markdown' ? UPLOAD_LIMITS.markdownMaxBytes : UPLOAD_LIMITS.pictureMaxBytes;
    if (file.size > max) throw new BadRequestError(ERR.exceedMaxSize);
    const sniffed = sniffImage(file.buffer);
    if (!sniffed) throw new BadRequestError(ERR.fileTypeNotSupport);
    return this.write(this.dir, `${randomUUID().replace(/-/g, '')}.${EXT[sniffed]}`, kind, user, file);
  }

  /** Writes an upload under `name` in `dir` and its row; the file goes again when the row can not be saved. */
  private async write(
    dir: string,
    name: string,
    kind: UploadKind,
    user: AuthUser,
    file: { buffer: Buffer; size: number; originalname?: string },
  ): Promise<UploadedFile> {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), file.buffer);
    try {
      return await this.files.save(
        this.files.create({
          kind,
          name,
          originalName: (file.originalname ?? '').slice(0, 255),
          size: file.size,
          uid: user.uid,
          username: user.username,
        }),
      );
    } catch (e) {
      await fs.rm(path.join(dir, name), { force: true });
      throw e;
    }
  }

  /**
   * A file attached from a Markdown editor (HOJ upload-md-file): any content, up to the attachment limit, stored
   * under a random name that keeps only a plain extension. It is only ever served as a download (`attachmentOf`).
   */
  async storeAttachment(user: AuthUser, file: { buffer: Buffer; size: number; originalname?: string } | undefined): Promise<UploadedFile> {
    if (!file?.buffer?.length) throw new BadRequestError(ERR.fileTypeNotSupport);
    if (file.size > UPLOAD_LIMITS.attachmentMaxBytes) throw new BadRequestError(ERR.exceedMaxSize);
    const ext = /\.([A-Za-z0-9]{1,10})$/.exec(file.originalname ?? '')?.[1].toLowerCase();
    return this.write(this.attachmentDir, randomUUID().replace(/-/g, '') + (ext ? `.${ext}` : ''), 'attachment', user, file);
  }

  get attachmentDir(): string {
    return path.join(this.config.paths.filesDir, 'upload', 'files');
  }

  /** An attached file by its stored name: where it is and the name it was uploaded under; null when unknown. */
  async attachmentOf(name: string): Promise<{ file: string; originalName: string } | null> {
    if (!ATTACHMENT_FILE.test(name)) return null;
    const row = await this.files.findOne({ select: ['name', 'originalName'], where: { name, kind: 'attachment' } });
    return row ? { file: path.join(this.attachmentDir, name), originalName: row.originalName || name } : null;
  }

  /** Deletes the stored file and its row; `by` must be its uploader or an admin. */
  async remove(id: number, by: AuthUser, kind?: UploadKind): Promise<void> {
    const row = await this.files.findOne({ where: { id } });
    if (!row || (kind && row.kind !== kind)) throw new NotFoundError();
    if (row.uid !== by.uid && !by.isAdmin) throw new ForbiddenError(ERR.noPermission);
    await this.files.delete({ id });
    await fs.rm(path.join(this.dir, row.name), { force: true });
  }

  /** Deletes a stored upload given its public link (carousel and background pictures replaced or removed). */
  async removeByLink(link: string | undefined | null): Promise<void> {
    if (!link?.startsWith(UPLOAD_API.prefix)) return;
    const name = link.slice(UPLOAD_API.prefix.length);
    if (!UPLOAD_FILE.test(name)) return;
    await this.files.delete({ name });
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  /** GET /api/admin/file/list-md-files: newest first, each with where its link appears. */
  async listMarkdown(q: { currentPage?: number; limit?: number; keyword?: string }): Promise<Page<MdFileVO>> {
    const req = pageRequest(q);
    const qb = this.files.createQueryBuilder('f').where('f.kind = :kind', { kind: 'markdown' });
    if (q.keyword) {
      qb.andWhere('(f.username ILIKE :kw OR f.original_name ILIKE :kw OR f.name ILIKE :kw)', { kw: `%${q.keyword}%` });
    }
    const [rows, total] = await qb.orderBy('f.id', 'DESC').skip(req.skip).take(req.size).getManyAndCount();
    const uses = await this.usesOf(rows.map((r) => r.name));
    return toPage(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        link: UploadService.link(r.name),
        originalName: r.originalName,
        size: r.size,
        uid: r.uid,
        username: r.username,
        gmtCreate: r.gmtCreate.toISOString(),
        usedIn: uses.get(r.name) ?? [],
      })),
      total,
      req,
    );
  }

  private async usesOf(names: string[]): Promise<Map<string, MdFileUse[]>> {
    const out = new Map<string, MdFileUse[]>();
    if (!names.length) return out;
    for (const use of USES) {
      const text = use.columns.map((c) => `coalesce(t.${c}, '')`).join(` || ' ' || `);
      const rows = await this.ds.query<{ n: string; id: number; key: string; title: string }[]>(
        `SELECT n.n, t.id, t.${use.key}::text AS key, ${use.title === "''" ? "''" : `t.${use.title}`} AS title
           FROM unnest($1::text[]) AS n(n) JOIN ${use.table} t ON strpos(${text}, n.n) > 0
          ORDER BY t.id LIMIT 500`,
        [names],
      );
      for (const r of rows) {
        let list = out.get(r.n);
        if (!list) out.set(r.n, (list = []));
        list.push({ type: use.type, id: Number(r.id), key: r.key, title: r.title });
      }
    }
    return out;
  }
}
