/** The question editor's values, their checks (product §5, §8) and the body sent to /api/admin/question. */
import {
  AdminQuestionBody,
  JUDGE_ANSWER,
  QuestionAuth,
  QuestionChoice,
  QuestionInfo,
  QuestionType,
  decodeBlankRightAnswer,
  encodeBlankRightAnswer,
} from '@oj/contracts';

export interface QuestionFormValues {
  displayId: string;
  type: QuestionType;
  multiple: boolean;
  description: string;
  choices: QuestionChoice[];
  /** judge */
  judgeAnswer?: 'true' | 'false';
  /** blank: the accepted alternatives of each blank */
  blanks: { alternatives: string[] }[];
  /** answer: the reference answer */
  referenceAnswer?: string;
  answerShare: boolean;
  auth: QuestionAuth;
  tags: string[];
}

export const emptyQuestionForm = (type: QuestionType = QuestionType.Choice): QuestionFormValues => ({
  displayId: '',
  type,
  multiple: false,
  description: '',
  choices: [
    { content: '', status: false },
    { content: '', status: false },
  ],
  blanks: [{ alternatives: [] }],
  answerShare: false,
  auth: QuestionAuth.Public,
  tags: [],
});

export function questionToForm(q: QuestionInfo): QuestionFormValues {
  const v = { ...emptyQuestionForm(q.type), displayId: q.displayId, multiple: q.multiple, description: q.description };
  v.answerShare = q.answerShare;
  v.auth = q.auth;
  v.tags = q.tags ?? [];
  if (q.type === QuestionType.Choice) v.choices = q.choices.map((c) => ({ content: c.content, status: !!c.status }));
  if (q.type === QuestionType.Judge && (q.rightAnswer === 'true' || q.rightAnswer === 'false')) v.judgeAnswer = q.rightAnswer;
  if (q.type === QuestionType.Blank) v.blanks = (decodeBlankRightAnswer(q.rightAnswer) ?? [[]]).map((alternatives) => ({ alternatives }));
  if (q.type === QuestionType.Answer) v.referenceAnswer = q.rightAnswer ?? '';
  return v;
}

/** Message ids of what is wrong, first the most important; empty when the question may be saved. */
export function questionFormErrors(v: QuestionFormValues): string[] {
  const errors: string[] = [];
  if (!v.displayId?.trim()) errors.push('admin.question.displayIdRequired');
  if (!v.description?.trim()) errors.push('admin.question.descriptionRequired');
  if (v.type === QuestionType.Choice) {
    const choices = (v.choices ?? []).filter((c) => c.content?.trim());
    if (choices.length < 2) errors.push('admin.question.noChoices');
    const right = choices.filter((c) => c.status).length;
    if (right === 0) errors.push('admin.question.noRightChoice');
    else if (right > 1 && !v.multiple) errors.push('admin.question.singleOneRight');
  }
  if (v.type === QuestionType.Judge && !v.judgeAnswer) errors.push('admin.question.noRightAnswer');
  if (v.type === QuestionType.Blank) {
    const blanks = v.blanks ?? [];
    if (!blanks.length || blanks.some((b) => !(b.alternatives ?? []).some((a) => a.trim()))) errors.push('admin.question.blankAnswers');
  }
  return errors;
}

export function formToBody(v: QuestionFormValues, id?: number): AdminQuestionBody {
  const body: AdminQuestionBody = {
    ...(id ? { id } : {}),
    displayId: v.displayId.trim(),
    type: v.type,
    description: v.description,
    answerShare: v.answerShare,
    auth: v.auth,
    tags: [...new Set((v.tags ?? []).map((t) => t.trim()).filter(Boolean))],
  };
  if (v.type === QuestionType.Choice) {
    body.multiple = v.multiple;
    body.choices = v.choices.filter((c) => c.content?.trim()).map((c) => ({ content: c.content, status: !!c.status }));
  } else if (v.type === QuestionType.Judge) body.rightAnswer = v.judgeAnswer === 'true' ? JUDGE_ANSWER.True : JUDGE_ANSWER.False;
  else if (v.type === QuestionType.Blank)
    body.rightAnswer = encodeBlankRightAnswer(v.blanks.map((b) => (b.alternatives ?? []).map((a) => a.trim()).filter(Boolean)));
  else body.rightAnswer = v.referenceAnswer ?? '';
  return body;
}
