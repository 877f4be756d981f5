/**
 * 交卷 (hand-in, not in HOJ): a candidate finishes before the end. A confirm dialog says what it means; the answers
 * the page still holds are sent first (a hand-in with an answer unsaved is not made); then the paper is closed on
 * the server and the candidate is taken to it (its score shows when product §6 allows).
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { App, Button, Tag } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { formatDateTime } from '@oj/kit';
import { handInExam, submitQuestion } from '../../api/exam';
import { flushExamAnswers } from '../../lib/answer-store';
import { answerRefusal } from '../../lib/rules';
import { ExamState } from './context';

export function HandIn({ state }: { state: ExamState }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { eid, uid, info, status, viewer, handedInAt } = state;

  if (handedInAt)
    return (
      <Tag icon={<CheckCircleOutlined />} color="success" data-testid="exam-handed-in">
        <FormattedMessage id="exam.handIn.done" values={{ time: formatDateTime(handedInAt) }} />
      </Tag>
    );
  // Only a candidate who may still answer hands in (admins do not sit the exam).
  if (viewer.isAdmin || answerRefusal(info.auth, status, viewer) !== null) return null;

  const handIn = async () => {
    setBusy(true);
    try {
      const saved = await flushExamAnswers({ eid, uid, save: (questionId, value) => submitQuestion(eid, questionId, value) });
      if (!saved) {
        message.error(intl.formatMessage({ id: 'exam.handIn.unsaved' }));
        return;
      }
      await handInExam(eid);
      message.success(intl.formatMessage({ id: 'exam.handIn.success' }));
      state.reload();
      navigate(`/${eid}/my-paper`);
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type="primary"
      danger
      loading={busy}
      data-testid="exam-hand-in"
      onClick={() =>
        modal.confirm({
          title: intl.formatMessage({ id: 'exam.handIn.confirmTitle' }),
          content: intl.formatMessage({ id: 'exam.handIn.confirmBody' }),
          okText: intl.formatMessage({ id: 'exam.handIn.button' }),
          cancelText: intl.formatMessage({ id: 'exam.handIn.cancel' }),
          okButtonProps: { 'data-testid': 'exam-hand-in-ok' } as never,
          onOk: handIn,
        })
      }
    >
      <FormattedMessage id="exam.handIn.button" />
    </Button>
  );
}
