import { FileInterceptor } from '@nestjs/platform-express';

/** Larger bodies are cut off by multer (413); up to here the upload service answers 'Exceed max size limit'. */
export const UPLOAD_CUTOFF_BYTES = 8 * 1024 * 1024;

/** The `image` field of an upload form (editor images, the carousel, a group's avatar), held in memory. */
export const imageInterceptor = () => FileInterceptor('image', { limits: { fileSize: UPLOAD_CUTOFF_BYTES, files: 1 } });
