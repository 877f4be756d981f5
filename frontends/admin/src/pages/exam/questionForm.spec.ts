/** The question editor: its checks (a choice question needs choices and a right one) and the body it sends. */
import { QuestionAuth, QuestionType, decodeBlankRightAnswer } from '@oj/contracts';
import { emptyQuestionForm, formToBody, questionFormErrors, questionToForm } from './questionForm';

const base = () => ({ ...emptyQuestionForm(), displayId: 'q1', description: 'What?' });

describe('question form', () => {
  it('asks for choices and a correct one on a choice question', () => {
    expect(questionFormErrors({ ...base(), choices: [{ content: 'only', status: true }] })).toContain('admin.question.noChoices');
    expect(
      questionFormErrors({
        ...base(),
        choices: [
          { content: 'a', status: false },
          { content: 'b', status: false },
        ],
      }),
    ).toEqual(['admin.question.noRightChoice']);
    const two = [
      { content: 'a', status: true },
      { content: 'b', status: true },
    ];
    expect(questionFormErrors({ ...base(), choices: two })).toEqual(['admin.question.singleOneRight']);
    expect(questionFormErrors({ ...base(), multiple: true, choices: two })).toEqual([]);
  });

  it('asks for the display id, the description, a judge answer and every blank', () => {
    expect(questionFormErrors({ ...emptyQuestionForm(QuestionType.Judge) })).toEqual([
      'admin.question.displayIdRequired',
      'admin.question.descriptionRequired',
      'admin.question.noRightAnswer',
    ]);
    const blank = { ...base(), type: QuestionType.Blank, blanks: [{ alternatives: ['4'] }, { alternatives: [' '] }] };
    expect(questionFormErrors(blank)).toEqual(['admin.question.blankAnswers']);
    expect(questionFormErrors({ ...base(), type: QuestionType.Answer })).toEqual([]);
  });

  it('sends the choices without empty ones, the blank alternatives as a list per blank, tags once', () => {
    const choice = formToBody({
      ...base(),
      choices: [
        { content: 'a', status: false },
        { content: ' ', status: false },
        { content: 'b', status: true },
      ],
      tags: ['x', ' x ', ''],
    });
    expect(choice.choices).toEqual([
      { content: 'a', status: false },
      { content: 'b', status: true },
    ]);
    expect(choice.tags).toEqual(['x']);
    expect(choice.rightAnswer).toBeUndefined();
    const blank = formToBody({ ...base(), type: QuestionType.Blank, blanks: [{ alternatives: ['4', ' four '] }, { alternatives: ['8'] }] });
    expect(decodeBlankRightAnswer(blank.rightAnswer)).toEqual([['4', 'four'], ['8']]);
    expect(formToBody({ ...base(), type: QuestionType.Judge, judgeAnswer: 'false' }).rightAnswer).toBe('false');
    expect(formToBody({ ...base(), type: QuestionType.Answer, referenceAnswer: 'ref' }).rightAnswer).toBe('ref');
  });

  it('reads a stored question back into the same values', () => {
    const v = questionToForm({
      id: 3,
      displayId: 'b1',
      type: QuestionType.Blank,
      multiple: false,
      description: '2+2=___',
      choices: [],
      rightAnswer: '[["4","four"]]',
      answerShare: true,
      auth: QuestionAuth.Exam,
      tags: ['maths'],
      uid: 'u',
      author: 'root',
      gid: null,
      gmtCreate: '',
      gmtModified: '',
    });
    expect(v.blanks).toEqual([{ alternatives: ['4', 'four'] }]);
    expect(v.auth).toBe(QuestionAuth.Exam);
    expect(formToBody(v, 3)).toMatchObject({ id: 3, rightAnswer: '[["4","four"]]', answerShare: true, tags: ['maths'] });
  });
});
