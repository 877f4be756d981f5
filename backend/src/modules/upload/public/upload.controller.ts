import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ERR, HomeCarouselItem, Role, UPLOAD_API, UPLOAD_LIMITS, UploadedImageVO } from '@oj/contracts';
import { createReadStream, promises as fs } from 'fs';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Public, Roles } from '../../../core/auth/decorators';
import { ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { attachment } from '../../../core/xlsx/xlsx';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { FileIdQuery, OptionalGidDto } from '../dto/upload.dto';
import { imageInterceptor } from '../image-interceptor';
import { MIME, UploadService } from '../upload.service';

/** HOJ's file calls for editor images and the carousel, and the public address of every upload. */
@ApiTags('file')
@Controller()
export class UploadController {
  constructor(
    private readonly uploads: UploadService,
    private readonly siteConfig: SiteConfigService,
    private readonly groups: GroupAccessService,
  ) {}

  @Post('file/upload-md-img')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'An image for a Markdown editor (field "image"; gif, jpg, png, bmp, webp by content; at most 4 MB)' })
  @UseInterceptors(imageInterceptor())
  async uploadMdImg(@CurrentUser() user: AuthUser, @UploadedFile() image: Express.Multer.File | undefined): Promise<UploadedImageVO> {
    const row = await this.uploads.store('markdown', user, image);
    return { link: UploadService.link(row.name), fileId: row.id };
  }

  @Get('file/delete-md-img')
  @ApiOperation({ summary: 'Delete a Markdown image (its uploader or an admin)' })
  async deleteMdImg(@CurrentUser() user: AuthUser, @Query() q: FileIdQuery): Promise<null> {
    await this.uploads.remove(q.fileId, user, 'markdown');
    return null;
  }

  /**
   * HOJ's Markdown editor attaches a file (field `file`, any type, under 128 MB; `gid` in a group's editor): admins,
   * or the admins (4–5) of that group. Answers HOJ's `{link}` (with the stored row's id) to put in the text.
   */
  @Post('file/upload-md-file')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Attach a file from a Markdown editor (field "file", optional "gid"); admins or the group\'s admins' })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: UPLOAD_LIMITS.attachmentMaxBytes + 1, files: 1 } }))
  async uploadMdFile(
    @CurrentUser() user: AuthUser,
    @Body() q: OptionalGidDto,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<{ link: string; fileId: number }> {
    if (!user.isAdmin && !(q.gid !== undefined && (await this.groups.isGroupAdmin(q.gid, user))))
      throw new ForbiddenError(ERR.noPermission);
    const row = await this.uploads.storeAttachment(user, file);
    return { link: UPLOAD_API.filePrefix + row.name, fileId: row.id };
  }

  @Roles(Role.Root)
  @Post('file/upload-carouse-img')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Add a picture to the home carousel (field "image"; at most 5 MB)' })
  @UseInterceptors(imageInterceptor())
  async uploadCarouselImg(
    @CurrentUser() user: AuthUser,
    @UploadedFile() image: Express.Multer.File | undefined,
  ): Promise<HomeCarouselItem> {
    const row = await this.uploads.store('carousel', user, image);
    const list = await this.siteConfig.get('carousel');
    const item = { id: list.reduce((max, i) => Math.max(max, i.id), 0) + 1, url: UploadService.link(row.name) };
    await this.siteConfig.set('carousel', [...list, item]);
    return item;
  }

  @Roles(Role.Root)
  @Post('admin/config/upload-email-bg-img')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'The background picture of the site e-mails (field "image"); replaces the previous one' })
  @UseInterceptors(imageInterceptor())
  async uploadEmailBackground(@CurrentUser() user: AuthUser, @UploadedFile() image: Express.Multer.File | undefined): Promise<string> {
    const row = await this.uploads.store('email', user, image);
    const before = (await this.siteConfig.get('email')).emailBGImg;
    const link = UploadService.link(row.name);
    await this.siteConfig.set('email', { emailBGImg: link });
    await this.uploads.removeByLink(before);
    return link;
  }

  /**
   * An attached file, always as a download under the name it was uploaded with and never sniffed, whatever it
   * holds (an HTML or SVG file must not run as a page of this site).
   */
  @Public()
  @Get('public/file/:name')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async attachment(@Param('name') name: string): Promise<StreamableFile> {
    const found = await this.uploads.attachmentOf(name);
    const stat = found ? await fs.stat(found.file).catch(() => null) : null;
    if (!found || !stat?.isFile()) throw new NotFoundError();
    return new StreamableFile(createReadStream(found.file), {
      type: 'application/octet-stream',
      length: stat.size,
      disposition: attachment(found.originalName),
    });
  }

  /** Names are random per upload, so a browser may keep a picture for good. */
  @Public()
  @Get('public/upload/:name')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @Header('X-Content-Type-Options', 'nosniff')
  async file(@Param('name') name: string): Promise<StreamableFile> {
    const file = this.uploads.fileOf(name);
    const stat = file ? await fs.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw new NotFoundError();
    return new StreamableFile(createReadStream(file), { type: MIME[name.split('.').pop()!], length: stat.size });
  }
}
