/** The input of one question by its type: choices, true/false, blanks or free text; large targets for touch. */
import { useIntl } from 'react-intl';
import { Checkbox, Input, Radio, Space } from 'antd';
import { choiceLetter } from '@oj/contracts';
import { ExamQuestionView, QuestionType } from '../../api/exam';
import { decodeBlanks, decodeChoice, encodeBlanks, encodeChoice } from '../../lib/answers';
import { LazyMarkdown } from '@oj/kit';

const OPTION_STYLE = { display: 'flex', alignItems: 'flex-start', padding: '10px 8px', minHeight: 44, width: '100%' } as const;

export function AnswerInput({
  question,
  value,
  onChange,
  disabled,
}: {
  question: ExamQuestionView;
  value: string | undefined;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const intl = useIntl();
  if (question.type === QuestionType.Choice) {
    const chosen = decodeChoice(value);
    const options = question.choices.map((c, i) => ({
      value: i,
      label: (
        <span style={{ display: 'flex', gap: 6, wordBreak: 'break-word' }} data-testid={`choice-${choiceLetter(i)}`}>
          <b>{choiceLetter(i)}.</b>
          <LazyMarkdown source={c.content} />
        </span>
      ),
    }));
    if (!question.multiple)
      return (
        <Radio.Group
          value={chosen[0]}
          disabled={disabled}
          onChange={(e) => onChange(encodeChoice([e.target.value as number]))}
          style={{ width: '100%' }}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} style={OPTION_STYLE}>
                {o.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    return (
      <Checkbox.Group value={chosen} disabled={disabled} onChange={(v) => onChange(encodeChoice(v as number[]))} style={{ width: '100%' }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value} style={OPTION_STYLE}>
              {o.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  }
  if (question.type === QuestionType.Judge)
    return (
      <Radio.Group
        value={value === 'true' || value === 'false' ? value : undefined}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as string)}
        optionType="button"
        buttonStyle="solid"
        size="large"
      >
        <Radio.Button value="true">
          <span data-testid="judge-true">{intl.formatMessage({ id: 'exam.question.true' })}</span>
        </Radio.Button>
        <Radio.Button value="false">
          <span data-testid="judge-false">{intl.formatMessage({ id: 'exam.question.false' })}</span>
        </Radio.Button>
      </Radio.Group>
    );
  if (question.type === QuestionType.Blank) {
    const blanks = decodeBlanks(value, Math.max(1, question.blankCount));
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {blanks.map((b, i) => (
          <Input
            key={i}
            size="large"
            value={b}
            disabled={disabled}
            addonBefore={i + 1}
            data-testid={`blank-${i}`}
            placeholder={intl.formatMessage({ id: 'exam.question.blankPlaceholder' }, { n: i + 1 })}
            onChange={(e) => onChange(encodeBlanks(blanks.map((x, j) => (j === i ? e.target.value : x))))}
          />
        ))}
      </Space>
    );
  }
  return (
    <Input.TextArea
      value={value ?? ''}
      disabled={disabled}
      autoSize={{ minRows: 6, maxRows: 20 }}
      data-testid="answer-text"
      placeholder={intl.formatMessage({ id: 'exam.question.answerPlaceholder' })}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
