import { rowLoader } from '../../core/audit/audited.decorator';
import { UploadedFile } from './entities/uploaded-file.entity';

/** What the audit trail records of an admin's file deletion (core/audit/README.md): the file's row. */
export const loadUploadedFile = rowLoader(UploadedFile);
