import { Controller, Get, Header, HttpCode, Param, Post, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createReadStream, promises as fs } from 'fs';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Public } from '../../../core/auth/decorators';
import { NotFoundError } from '../../../core/http/api.exception';
import { AvatarService } from '../avatar.service';

/** Larger bodies are cut off by multer (413); up to here the service answers 'Exceed max size limit'. */
const UPLOAD_CUTOFF_BYTES = 8 * 1024 * 1024;

@ApiTags('user')
@Controller()
export class AvatarController {
  constructor(private readonly avatars: AvatarService) {}

  @Post('file/upload-avatar')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Set the caller\'s avatar (field "image"; gif, jpg, jpeg, png, bmp, webp; at most 2 MB)' })
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: UPLOAD_CUTOFF_BYTES, files: 1 } }))
  upload(@CurrentUser() user: AuthUser, @UploadedFile() image: Express.Multer.File | undefined) {
    return this.avatars.upload(user.uid, user.roleId, image);
  }

  /** Names are random per upload, so a browser may keep an image for good. */
  @Public()
  @Get('public/img/:name')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  async image(@Param('name') name: string): Promise<StreamableFile> {
    const file = this.avatars.fileOf(name);
    const stat = file ? await fs.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw new NotFoundError();
    return new StreamableFile(createReadStream(file), {
      type: name.endsWith('.webp') ? 'image/webp' : 'image/png',
      length: stat.size,
    });
  }
}
