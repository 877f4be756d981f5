import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupExamController } from './group/group-exam.controller';
import { GroupExamService } from './group/group-exam.service';
import { GroupQuestionController } from './group/group-question.controller';
import { GroupQuestionService } from './group/group-question.service';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { ProblemModule } from '../problem/problem.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { AdminExamController, AdminQuestionController } from './admin/admin-exam.controller';
import { AdminExamService } from './admin/admin-exam.service';
import { QuestionBankService } from './admin/question-bank.service';
import { ExamAnswer } from './entities/exam-answer.entity';
import { ExamPaper } from './entities/exam-paper.entity';
import { ExamProblem } from './entities/exam-problem.entity';
import { ExamQuestion } from './entities/exam-question.entity';
import { ExamRegister } from './entities/exam-register.entity';
import { Exam } from './entities/exam.entity';
import { Question } from './entities/question.entity';
import { ExamAccessService } from './exam-access.service';
import { ExamClockService } from './exam-clock.service';
import { ExamItemsService } from './exam-items.service';
import { ExamSubmitService } from './exam-submit.service';
import { AnswerWriterService } from './public/answer-writer.service';
import { ExamController } from './public/exam.controller';
import { ExamPaperService } from './public/exam-paper.service';
import { ExamService } from './public/exam.service';
import { PaperScoringService } from './scoring/paper-scoring.service';

@Module({
  imports: [
    GroupModule,
    TypeOrmModule.forFeature([Exam, ExamRegister, ExamProblem, ExamQuestion, ExamAnswer, ExamPaper, Question]),
    ProblemModule,
    // The submission module's writer stores and enqueues what this module's submit resolves.
    SubmissionStoreModule,
    GroupAccessModule,
  ],
  controllers: [GroupExamController, GroupQuestionController, ExamController, AdminExamController, AdminQuestionController],
  providers: [
    GroupExamService,
    GroupQuestionService,
    ExamAccessService,
    ExamItemsService,
    ExamService,
    ExamPaperService,
    AnswerWriterService,
    PaperScoringService,
    AdminExamService,
    QuestionBankService,
    ExamSubmitService,
    ExamClockService,
  ],
  exports: [ExamAccessService, ExamSubmitService, PaperScoringService, AdminExamService, QuestionBankService, ExamService],
})
export class ExamModule {}
