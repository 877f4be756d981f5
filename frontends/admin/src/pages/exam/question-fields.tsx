/**
 * The fields of a bank question (inside a ProForm or ModalForm): type, description, the choice editor
 * (content + correct flag), the judge answer, the blanks' accepted answers, the reference answer, answer share,
 * visibility and tags.
 */
import {
  ProForm,
  ProFormCheckbox,
  ProFormDependency,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { QuestionAuth, QuestionType, choiceLetter } from '@oj/contracts';
import type { KeyboardEvent } from 'react';
import { useT } from '../../i18n';

/**
 * Escape in a tag input (tags, a blank's answers) means "leave this input", not "close the dialog": the dialog
 * listens to Escape on its own element, so the key stops here and the question's input is kept (issue 37 item 11).
 */
const keepDialogOnEscape = (e: KeyboardEvent) => {
  if (e.key === 'Escape') e.stopPropagation();
};

const TYPE_IDS: Record<QuestionType, string> = {
  [QuestionType.Choice]: 'admin.question.type1',
  [QuestionType.Judge]: 'admin.question.type2',
  [QuestionType.Blank]: 'admin.question.type3',
  [QuestionType.Answer]: 'admin.question.type4',
};
const AUTH_IDS: Record<QuestionAuth, string> = {
  [QuestionAuth.Public]: 'admin.question.auth1',
  [QuestionAuth.Private]: 'admin.question.auth2',
  [QuestionAuth.Exam]: 'admin.question.auth3',
};
export const questionTypeId = (type: QuestionType) => TYPE_IDS[type];
export const questionAuthId = (auth: QuestionAuth) => AUTH_IDS[auth];

export function QuestionFields({ withDisplayId = true }: { withDisplayId?: boolean }) {
  const { t } = useT();
  return (
    <>
      {withDisplayId && (
        <ProFormText
          name="displayId"
          label={t('admin.question.displayId')}
          rules={[{ required: true, whitespace: true, message: t('admin.question.displayIdRequired') }]}
          fieldProps={{ 'data-testid': 'question-display-id' } as object}
        />
      )}
      <ProFormRadio.Group
        name="type"
        label={t('admin.question.type')}
        radioType="button"
        options={[QuestionType.Choice, QuestionType.Judge, QuestionType.Blank, QuestionType.Answer].map((v) => ({
          value: v,
          label: <span data-testid={`question-type-${v}`}>{t(questionTypeId(v))}</span>,
        }))}
      />
      <ProFormTextArea
        name="description"
        label={t('admin.question.description')}
        tooltip={t('admin.question.descriptionHint')}
        rules={[{ required: true, whitespace: true, message: t('admin.question.descriptionRequired') }]}
        fieldProps={{ autoSize: { minRows: 4 }, 'data-testid': 'question-description' } as object}
      />
      <ProFormDependency name={['type']}>
        {({ type }) => (
          <>
            {type === QuestionType.Choice && (
              <>
                <ProFormSwitch name="multiple" label={t('admin.question.multiple')} tooltip={t('admin.question.multipleHint')} />
                <ProFormList
                  name="choices"
                  label={t('admin.question.choices')}
                  creatorButtonProps={{ creatorButtonText: t('admin.question.addChoice') }}
                  creatorRecord={{ content: '', status: false }}
                  copyIconProps={false}
                  min={2}
                  max={26}
                >
                  {(_f, index) => (
                    <ProForm.Group align="center">
                      <b style={{ width: 20 }}>{choiceLetter(index)}</b>
                      <ProFormTextArea
                        name="content"
                        width="lg"
                        placeholder={t('admin.question.choiceContent')}
                        fieldProps={{ autoSize: { minRows: 1 }, 'data-testid': `choice-content-${index}` } as object}
                      />
                      <ProFormCheckbox name="status" fieldProps={{ 'data-testid': `choice-status-${index}` } as object}>
                        {t('admin.question.correct')}
                      </ProFormCheckbox>
                    </ProForm.Group>
                  )}
                </ProFormList>
              </>
            )}
            {type === QuestionType.Judge && (
              <ProFormRadio.Group
                name="judgeAnswer"
                label={t('admin.question.rightAnswer')}
                rules={[{ required: true, message: t('admin.question.noRightAnswer') }]}
                options={[
                  { value: 'true', label: <span data-testid="judge-answer-true">{t('admin.question.true')}</span> },
                  { value: 'false', label: <span data-testid="judge-answer-false">{t('admin.question.false')}</span> },
                ]}
              />
            )}
            {type === QuestionType.Blank && (
              <ProFormList
                name="blanks"
                label={t('admin.question.blanks')}
                tooltip={t('admin.question.blanksHint')}
                creatorButtonProps={{ creatorButtonText: t('admin.question.addBlank') }}
                creatorRecord={{ alternatives: [] }}
                copyIconProps={false}
                min={1}
              >
                {(_f, index) => (
                  <ProFormSelect
                    name="alternatives"
                    label={t('admin.question.blankN', { n: index + 1 })}
                    mode="tags"
                    width="lg"
                    fieldProps={
                      {
                        tokenSeparators: ['|'],
                        open: false,
                        onKeyDown: keepDialogOnEscape,
                        'data-testid': `blank-answer-${index}`,
                      } as object
                    }
                  />
                )}
              </ProFormList>
            )}
            {type === QuestionType.Answer && (
              <ProFormTextArea
                name="referenceAnswer"
                label={t('admin.question.referenceAnswer')}
                fieldProps={{ autoSize: { minRows: 3 }, 'data-testid': 'reference-answer' } as object}
              />
            )}
          </>
        )}
      </ProFormDependency>
      <ProFormSwitch name="answerShare" label={t('admin.question.answerShare')} tooltip={t('admin.question.answerShareHint')} />
      <ProFormRadio.Group
        name="auth"
        label={t('admin.question.auth')}
        options={[QuestionAuth.Public, QuestionAuth.Private, QuestionAuth.Exam].map((v) => ({ value: v, label: t(questionAuthId(v)) }))}
      />
      <ProFormSelect
        name="tags"
        label={t('admin.question.tags')}
        mode="tags"
        fieldProps={{ tokenSeparators: [','], open: false, onKeyDown: keepDialogOnEscape }}
      />
    </>
  );
}
