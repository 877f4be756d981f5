import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { AdminFileController } from './admin/admin-file.controller';
import { UploadedFile } from './entities/uploaded-file.entity';
import { UploadController } from './public/upload.controller';
import { AvatarStore } from './avatar-store.service';
import { UploadService } from './upload.service';

/** Uploaded images: Markdown editors, home carousel, e-mail background, the avatars of users and groups; file management. */
@Module({
  imports: [TypeOrmModule.forFeature([UploadedFile]), GroupAccessModule],
  controllers: [UploadController, AdminFileController],
  providers: [UploadService, AvatarStore],
  exports: [UploadService, AvatarStore],
})
export class UploadModule {}
