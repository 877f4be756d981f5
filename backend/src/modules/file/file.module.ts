import { Module } from '@nestjs/common';
import { ProblemModule } from '../problem/problem.module';
import { FileController } from './file.controller';
import { ProblemImportService } from './problem-import.service';

@Module({
  imports: [ProblemModule],
  controllers: [FileController],
  providers: [ProblemImportService],
})
export class FileModule {}
