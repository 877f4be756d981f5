/**
 * /admin/problem/create and /admin/problem/edit/:problemId: every problem field of product §3. The same screen
 * serves /admin/contest/:contestID/problem/create and .../problem/:problemId/edit: there it writes through
 * /api/admin/contest/problem, adds the contest part (display id, title, balloon colour) and leaves the
 * visibility to the server (contest-only for new problems, unchanged for edited ones).
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormCheckbox,
  ProFormColorPicker,
  ProFormDependency,
  ProFormDigit,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Alert, App, Button, Form, Result, Space, Spin, Switch, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DIFFICULTY_MAX, DIFFICULTY_MIN, JudgeMode, LIMITS, ProblemAuth, ProblemType } from '@oj/contracts';
import { LANGUAGE_SELECT_SEARCH, type ApiError } from '@oj/kit';
import { MarkdownEditor } from '@oj/kit/markdown-editor';
import { compileJudgeCode, createProblem, updateProblem, uploadTestcaseZip } from '../../api/admin';
import { useSession } from '../../auth/session';
import { LabelledGroup } from '../../components/labelled-group';
import { useT } from '../../i18n';
import { createContestOnlyProblem, updateContestProblemForm } from '../contest/api';
import { CaseTable } from './CaseTable';
import { GroupTable } from './GroupTable';
import { ContestLinkValues, toContestProblemBody, validateContestLink } from './contestProblem';
import { LazyCodeEditor } from './LazyCodeEditor';
import { useFormErrorFeedback } from '../../components/form-feedback';
import { useContestTitle, useNestedHeader } from '../../components/nested-page';
import { evenScores, judgeCodeChanged, ProblemFormValues, toProblemDto, tooManyExamples, validateProblem } from './problemForm';
import { useProblemEditorData } from './useProblemEditorData';
import { refusalOf, refusedBeforeUpload, zipRefusalText } from './testcaseUpload';
import { useScopedClient } from '../../scope';

/** The limit fields (whole numbers, at least 1) with their label ids. */
const LIMIT_FIELDS = [
  { name: 'timeLimit', label: 'admin.problemEdit.timeLimit' },
  { name: 'memoryLimit', label: 'admin.problemEdit.memoryLimit' },
  { name: 'stackLimit', label: 'admin.problemEdit.stackLimit' },
] as const;

type EditorValues = ProblemFormValues & Partial<ContestLinkValues>;

/**
 * A statement field (description, input, output, hint): Markdown with KaTeX, previewed beside the text as the
 * problem page will show it (the same editor and renderer as the discussion editor's, `breaks` off like the
 * statement page). Its text area is `#problem-<name>`, which the label points to.
 */
function StatementField({ name, label, minRows }: { name: 'description' | 'input' | 'output' | 'hint'; label: string; minRows: number }) {
  const id = `problem-${name}`;
  return (
    <ProForm.Item name={name} label={label} htmlFor={id}>
      <MarkdownEditor id={id} testId={id} minRows={minRows} layout="side" />
    </ProForm.Item>
  );
}

/** The form field each save check belongs to (marked and scrolled to); the others are named in the message. */
const ERROR_FIELDS: Record<string, string> = {
  'admin.problemEdit.problemIdRequired': 'problemId',
  'admin.problemEdit.titleRequired': 'title',
  'admin.problemEdit.languagesRequired': 'languages',
  'admin.contestProblem.displayIdRequired': 'displayId',
};

/** The route screen: the editor under its header, back to the list (or the contest's problems) when saved. */
export default function ProblemEditPage() {
  const { problemId, contestID } = useParams();
  const pid = problemId ? Number(problemId) : null;
  const cid = contestID ? Number(contestID) : null;
  const { t } = useT();
  const navigate = useNavigate();
  const title = cid
    ? t(pid ? 'admin.contestProblem.editProblemTitle' : 'admin.contestProblem.createProblemTitle')
    : t(pid ? 'admin.problemEdit.editTitle' : 'admin.problemEdit.createTitle');
  const contestTitle = useContestTitle(cid);
  const header = useNestedHeader(
    cid
      ? [
          { to: '/contest', label: t('admin.menu.contestList') },
          { to: `/contest/${cid}/problems`, label: contestTitle || `#${cid}` },
          { label: title },
        ]
      : [{ to: '/problems', label: t('admin.menu.problemList') }, { label: title }],
  );
  return (
    <PageContainer title={title} {...header}>
      <ProblemEditor pid={pid} cid={cid} onDone={() => navigate(cid ? `/contest/${cid}/problems` : '/problems')} />
    </PageContainer>
  );
}

/**
 * The problem form itself, without router or page frame, so a group's views mount it too (group-editors):
 * `pid` null creates, `cid` writes the problem inside that contest; calls go through the scope's client.
 */
export function ProblemEditor({ pid, cid, onDone }: { pid: number | null; cid: number | null; onDone?: () => void }) {
  const { t, tErr } = useT();
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const client = useScopedClient();
  const [form] = Form.useForm<EditorValues>();
  const { onFinishFailed, report } = useFormErrorFeedback(form);
  const data = useProblemEditorData(pid, cid, client);
  const [compiled, setCompiled] = useState(false);
  const [compiling, setCompiling] = useState(false);
  const [uploadDir, setUploadDir] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  if (data.loading) return <Spin />;
  if (data.failed) return <Result status="error" title={t('admin.problemEdit.loadFailed')} />;

  const languageOptions = data.allLanguages.map((l) => ({ label: l.name, value: l.name }));
  // An imported remote problem (issue 34) is judged by its site: no test data, judge mode or local languages here.
  const remoteOj = data.original?.isRemote ? data.original.remoteOj || t('admin.problemEdit.remoteSite') : undefined;
  const spjCapable = data.allLanguages.filter((l) => l.isSpj);
  const spjLanguageOptions = (spjCapable.length ? spjCapable : data.allLanguages).map((l) => ({ label: l.name, value: l.name }));
  const tagOptions = Array.from(new Set(data.allTags.map((tag) => tag.name))).map((name) => ({ label: name, value: name }));

  const compile = async () => {
    const { judgeMode, spjCode, spjLanguage, judgeExtraFiles } = form.getFieldsValue(true) as ProblemFormValues;
    if (!spjCode?.trim() || !spjLanguage) {
      message.error(t('admin.problemEdit.judgeCodeRequired'));
      return;
    }
    setCompiling(true);
    try {
      await compileJudgeCode(
        judgeMode,
        {
          code: spjCode,
          language: spjLanguage,
          extraFiles: Object.fromEntries((judgeExtraFiles ?? []).filter((f) => f.name).map((f) => [f.name, f.content])),
        },
        client,
      );
      setCompiled(true);
      message.success(t('admin.problemEdit.compileSuccess'));
    } catch (e) {
      setCompiled(false);
      // The answer's msg says which program failed; its data carries the compiler's output.
      const detail = (e as ApiError).data;
      modal.error({
        title: t('admin.problemEdit.compileError'),
        width: 640,
        content: (
          <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }} data-testid="compile-error">
            {tErr((e as Error).message)}
            {typeof detail === 'string' && detail ? `\n\n${detail}` : ''}
          </pre>
        ),
      });
    } finally {
      setCompiling(false);
    }
  };

  const upload = async (file: File) => {
    const { judgeMode, type } = form.getFieldsValue(true) as ProblemFormValues;
    const tooLarge = refusedBeforeUpload(file);
    if (tooLarge) {
      message.error(zipRefusalText(t, tooLarge));
      return;
    }
    setUploading(true);
    try {
      const result = await uploadTestcaseZip(file, judgeMode, client);
      const scores = evenScores(result.fileList.length);
      form.setFieldValue(
        'samples',
        result.fileList.map((f, i) => ({
          input: f.input,
          output: f.output || '-',
          score: type === ProblemType.OI ? (f.score ?? scores[i]) : null,
        })),
      );
      setUploadDir(result.fileListDir);
      message.success(t('admin.problemEdit.uploadSuccess'));
    } catch (e) {
      // The call is silent: a refused zip says why (no pairs, a name without its partner, too large, not a zip).
      const refusal = refusalOf(e);
      message.error(refusal ? zipRefusalText(t, refusal) : (e as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as EditorValues;
    const link: ContestLinkValues = { displayId: values.displayId ?? '', displayTitle: values.displayTitle, color: values.color };
    // Editing without a new zip keeps the stored cases.
    const testcaseUploaded = !!uploadDir || (!!data.original && values.samples.length > 0);
    const errors = [
      ...(cid ? validateContestLink(link) : []),
      ...validateProblem(values, {
        judgeCodeCompiled: compiled,
        judgeCodeChanged: judgeCodeChanged(values, data.original),
        testcaseUploaded,
      }),
    ];
    if (errors.length) {
      report(errors.map((e) => ({ field: ERROR_FIELDS[e.id], text: t(e.id, e.values) })));
      return false;
    }
    const dto = toProblemDto(values, {
      original: data.original,
      allTags: data.allTags,
      uploadTestcaseDir: uploadDir,
      author: user?.username,
    });
    try {
      if (cid) await (pid ? updateContestProblemForm : createContestOnlyProblem)(toContestProblemBody(dto, cid, link), client);
      else if (pid) await updateProblem(dto, client);
      else await createProblem(dto, client);
    } catch (_e) {
      return false;
    }
    message.success(pid ? t('admin.common.updated') : t('admin.problemEdit.created'));
    onDone?.();
    return true;
  };

  return (
    <ProForm<EditorValues>
      form={form}
      initialValues={cid ? { ...data.initialValues, ...data.contestLink } : data.initialValues}
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
      onValuesChange={(changed) => {
        if ('spjCode' in changed || 'spjLanguage' in changed || 'judgeMode' in changed) setCompiled(false);
        if ('type' in changed) {
          const samples = (form.getFieldValue('samples') ?? []) as ProblemFormValues['samples'];
          const scores = evenScores(samples.length);
          form.setFieldValue(
            'samples',
            samples.map((s, i) => ({ ...s, score: changed.type === ProblemType.OI ? (s.score ?? scores[i]) : null })),
          );
        }
      }}
      submitter={{
        searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') },
        submitButtonProps: { id: 'problem-submit' },
        render: (_props, dom) => <Space style={{ marginTop: 16 }}>{dom}</Space>,
      }}
    >
      {cid && (
        <ProCard title={t('admin.contestProblem.sectionContest')} bordered headerBordered style={{ marginBottom: 16 }}>
          <ProForm.Group>
            <ProFormText
              name="displayId"
              width="sm"
              label={t('admin.contestProblem.displayId')}
              rules={[{ required: true, whitespace: true, message: t('admin.contestProblem.displayIdRequired') }]}
              fieldProps={{ id: 'problem-displayId' }}
              formItemProps={{ htmlFor: 'problem-displayId' }}
            />
            <ProFormText
              name="displayTitle"
              width="lg"
              label={t('admin.contestProblem.displayTitle')}
              tooltip={t('admin.contestProblem.displayTitleHint')}
            />
            <ProFormColorPicker name="color" label={t('admin.contestProblem.color')} />
          </ProForm.Group>
        </ProCard>
      )}
      <ProCard title={t('admin.problemEdit.sectionBasic')} bordered headerBordered style={{ marginBottom: 16 }}>
        <ProForm.Group>
          <ProFormText
            name="problemId"
            width="md"
            label={t('admin.problemEdit.problemId')}
            rules={[{ required: true, message: t('admin.problemEdit.problemIdRequired') }]}
            fieldProps={{ id: 'problem-problemId' }}
            formItemProps={{ htmlFor: 'problem-problemId' }}
          />
          <ProFormText
            name="title"
            width="xl"
            label={t('admin.problemEdit.title')}
            rules={[{ required: true, message: t('admin.problemEdit.titleRequired') }]}
            fieldProps={{ id: 'problem-title' }}
            formItemProps={{ htmlFor: 'problem-title' }}
          />
        </ProForm.Group>
        {/* each statement field's editor has its own "insert image" (a second one here was a duplicate) */}
        <StatementField name="description" label={t('admin.problemEdit.description')} minRows={5} />
        <StatementField name="input" label={t('admin.problemEdit.inputDescription')} minRows={3} />
        <StatementField name="output" label={t('admin.problemEdit.outputDescription')} minRows={3} />
        {/* A list of rows takes no `for`: the rows form a group named by the list's label. */}
        <div role="group" aria-labelledby="problem-examples-label">
          <ProFormList
            name="examples"
            label={<span id="problem-examples-label">{t('admin.problemEdit.examples')}</span>}
            creatorButtonProps={{ creatorButtonText: t('admin.problemEdit.addExample') }}
            creatorRecord={{ input: '', output: '' }}
          >
            <ProForm.Group>
              <ProFormTextArea name="input" width="lg" label={t('admin.problemEdit.exampleInput')} />
              <ProFormTextArea name="output" width="lg" label={t('admin.problemEdit.exampleOutput')} />
            </ProForm.Group>
          </ProFormList>
        </div>
        <ProFormDependency name={['examples']}>
          {({ examples }) =>
            tooManyExamples(examples ?? [], LIMITS.problemExamplesAdvisedMax) ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                message={t('admin.problemEdit.examplesAdvice', { max: LIMITS.problemExamplesAdvisedMax })}
              />
            ) : null
          }
        </ProFormDependency>
        <StatementField name="hint" label={t('admin.problemEdit.hint')} minRows={2} />
        <ProFormText name="source" label={t('admin.problemEdit.source')} />
      </ProCard>

      <ProCard title={t('admin.problemEdit.sectionLimits')} bordered headerBordered style={{ marginBottom: 16 }}>
        <ProForm.Group>
          {LIMIT_FIELDS.map(({ name, label }) => (
            <ProFormDigit
              key={name}
              name={name}
              width="sm"
              label={t(label)}
              min={1}
              fieldProps={{ precision: 0 }}
              rules={[{ required: true }]}
            />
          ))}
          <ProFormSelect
            name="difficulty"
            width="sm"
            label={t('admin.problemEdit.difficulty')}
            options={Array.from({ length: DIFFICULTY_MAX - DIFFICULTY_MIN + 1 }, (_, i) => ({
              // The level's word, as the site shows it (issue 37 item 14), not a bare number.
              label: t(`kit.difficulty.${DIFFICULTY_MIN + i}`),
              value: DIFFICULTY_MIN + i,
            }))}
          />
        </ProForm.Group>
        <ProForm.Group>
          <ProFormRadio.Group
            name="type"
            label={t('admin.problemEdit.type')}
            options={[
              { label: t('admin.problemEdit.typeAcm'), value: ProblemType.ACM },
              { label: t('admin.problemEdit.typeOi'), value: ProblemType.OI },
            ]}
          />
          {!cid && (
            <ProFormRadio.Group
              name="auth"
              label={t('admin.problemEdit.auth')}
              options={[
                { label: t('admin.problems.authPublic'), value: ProblemAuth.Public },
                { label: t('admin.problems.authPrivate'), value: ProblemAuth.Private },
                { label: t('admin.problems.authContest'), value: ProblemAuth.Contest },
              ]}
            />
          )}
        </ProForm.Group>
        <ProForm.Group>
          <ProFormSwitch name="codeShare" label={t('admin.problemEdit.codeShare')} />
          <ProFormSwitch name="isRemoveEndBlank" label={t('admin.problemEdit.removeEndBlank')} />
          <ProFormSwitch name="openCaseResult" label={t('admin.problemEdit.openCaseResult')} />
        </ProForm.Group>
        <ProFormRadio.Group
          name="isFileIO"
          label={t('admin.problemEdit.ioMode')}
          options={[
            { label: t('admin.problemEdit.ioStandard'), value: false },
            { label: t('admin.problemEdit.ioFile'), value: true },
          ]}
        />
        <ProFormDependency name={['isFileIO']}>
          {({ isFileIO }) =>
            isFileIO ? (
              <ProForm.Group>
                <ProFormText
                  name="ioReadFileName"
                  width="md"
                  label={t('admin.problemEdit.ioReadFileName')}
                  dependencies={['ioWriteFileName']}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_r, v) => {
                        // Product §5: file IO needs an input or an output file name.
                        if (!v?.trim() && !getFieldValue('ioWriteFileName')?.trim()) {
                          throw new Error(t('admin.problemEdit.fileIoNameRequired'));
                        }
                      },
                    }),
                  ]}
                />
                <ProFormText name="ioWriteFileName" width="md" label={t('admin.problemEdit.ioWriteFileName')} />
              </ProForm.Group>
            ) : null
          }
        </ProFormDependency>
      </ProCard>

      <ProCard title={t('admin.problemEdit.sectionLanguages')} bordered headerBordered style={{ marginBottom: 16 }}>
        <ProFormSelect
          name="tags"
          label={t('admin.problemEdit.tags')}
          mode="tags"
          options={tagOptions}
          placeholder={t('admin.problemEdit.tagsPlaceholder')}
        />
        {remoteOj ? (
          <Alert
            type="info"
            showIcon
            data-testid="problem-remote-languages"
            message={t('admin.problemEdit.remoteLanguages', { oj: remoteOj })}
          />
        ) : (
          <>
            {!data.allLanguages.length && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('admin.problemEdit.noLanguages')} />
            )}
            <ProFormCheckbox.Group
              name="languages"
              label={t('admin.problemEdit.languages')}
              options={languageOptions}
              rules={[{ required: true, message: t('admin.problemEdit.languagesRequired') }]}
            />
            <ProFormDependency name={['languages', 'codeTemplates']}>
              {({ languages, codeTemplates }) =>
                (languages ?? []).length ? (
                  // A label over several controls: the group names itself by the label's text (aria-labelledby) and each
                  // switch by its language, since no single input can take the label's `for`.
                  <Form.Item label={<span id="problem-code-templates-label">{t('admin.problemEdit.codeTemplates')}</span>}>
                    <div role="group" aria-labelledby="problem-code-templates-label">
                      {(languages as string[]).map((lang) => {
                        const tpl = codeTemplates?.[lang] ?? { status: false, code: '' };
                        return (
                          <div key={lang} style={{ marginBottom: 12 }}>
                            <Space>
                              <Switch
                                size="small"
                                aria-label={lang}
                                checked={!!tpl.status}
                                onChange={(status) => form.setFieldValue(['codeTemplates', lang], { ...tpl, status })}
                              />
                              <span>{lang}</span>
                            </Space>
                            {tpl.status && (
                              <div style={{ marginTop: 8 }}>
                                <LazyCodeEditor
                                  height={200}
                                  language={lang}
                                  value={tpl.code}
                                  onChange={(code) => form.setFieldValue(['codeTemplates', lang], { ...tpl, status: true, code })}
                                />
                              </div>
                            )}
                          </div>
                        );
                      })}
                    </div>
                  </Form.Item>
                ) : null
              }
            </ProFormDependency>
          </>
        )}
      </ProCard>

      {!remoteOj && (
        <ProCard title={t('admin.problemEdit.sectionJudge')} bordered headerBordered style={{ marginBottom: 16 }}>
          <ProFormRadio.Group
            name="judgeMode"
            label={t('admin.problemEdit.judgeMode')}
            options={[
              { label: t('admin.problemEdit.judgeModeDefault'), value: JudgeMode.Default },
              { label: t('admin.problemEdit.judgeModeSpecial'), value: JudgeMode.Special },
              { label: t('admin.problemEdit.judgeModeInteractive'), value: JudgeMode.Interactive },
            ]}
          />
          <ProFormDependency name={['judgeMode']}>
            {({ judgeMode }) =>
              judgeMode === JudgeMode.Default ? (
                <ProForm.Group>
                  <ProFormDigit
                    name="floatAbsTolerance"
                    width="sm"
                    label={t('admin.problemEdit.floatAbsTolerance')}
                    tooltip={t('admin.problemEdit.floatToleranceHint')}
                    min={0}
                    fieldProps={{ step: 1e-6, stringMode: false, 'data-testid': 'float-abs-tolerance' } as object}
                  />
                  <ProFormDigit
                    name="floatRelTolerance"
                    width="sm"
                    label={t('admin.problemEdit.floatRelTolerance')}
                    tooltip={t('admin.problemEdit.floatToleranceHint')}
                    min={0}
                    fieldProps={{ step: 1e-6, stringMode: false, 'data-testid': 'float-rel-tolerance' } as object}
                  />
                </ProForm.Group>
              ) : null
            }
          </ProFormDependency>
          <ProFormDependency name={['judgeMode', 'spjLanguage']}>
            {({ judgeMode, spjLanguage }) =>
              judgeMode !== JudgeMode.Default ? (
                <>
                  <ProFormSelect
                    name="spjLanguage"
                    width="md"
                    label={
                      judgeMode === JudgeMode.Interactive ? t('admin.problemEdit.interactiveLanguage') : t('admin.problemEdit.spjLanguage')
                    }
                    options={spjLanguageOptions}
                    fieldProps={LANGUAGE_SELECT_SEARCH}
                  />
                  <ProFormRadio.Group
                    name="checkerProtocol"
                    label={t('admin.problemEdit.checkerProtocol')}
                    options={[
                      { label: t('admin.problemEdit.checkerProtocolTestlib'), value: 'testlib' },
                      { label: t('admin.problemEdit.checkerProtocolKattis'), value: 'domjudge' },
                    ]}
                  />
                  <Form.Item
                    name="spjCode"
                    label={judgeMode === JudgeMode.Interactive ? t('admin.problemEdit.interactiveCode') : t('admin.problemEdit.spjCode')}
                  >
                    <LazyCodeEditor language={spjLanguage} height={320} testId="spj-editor" />
                  </Form.Item>
                  <Space style={{ marginBottom: 16 }}>
                    <Button onClick={compile} loading={compiling} data-testid="judge-compile">
                      {t('admin.problemEdit.compile')}
                    </Button>
                    {compiled && (
                      <span style={{ color: '#52c41a' }} data-testid="judge-compiled">
                        {t('admin.problemEdit.compileSuccess')}
                      </span>
                    )}
                  </Space>
                  <ProFormList
                    name="judgeExtraFiles"
                    label={t('admin.problemEdit.judgeExtraFiles')}
                    creatorButtonProps={{ creatorButtonText: t('admin.problemEdit.addExtraFile') }}
                    creatorRecord={{ name: '', content: '' }}
                  >
                    <ProForm.Group>
                      <ProFormText name="name" width="sm" label={t('admin.problemEdit.extraFileName')} />
                      <ProFormTextArea name="content" width="lg" label={t('admin.problemEdit.extraFileContent')} />
                    </ProForm.Group>
                  </ProFormList>
                </>
              ) : null
            }
          </ProFormDependency>
          <div role="group" aria-labelledby="problem-extra-files-label">
            <ProFormList
              name="userExtraFiles"
              label={<span id="problem-extra-files-label">{t('admin.problemEdit.userExtraFiles')}</span>}
              creatorButtonProps={{ creatorButtonText: t('admin.problemEdit.addExtraFile') }}
              creatorRecord={{ name: '', content: '' }}
            >
              <ProForm.Group>
                <ProFormText name="name" width="sm" label={t('admin.problemEdit.extraFileName')} />
                <ProFormTextArea name="content" width="lg" label={t('admin.problemEdit.extraFileContent')} />
              </ProForm.Group>
            </ProFormList>
          </div>
        </ProCard>
      )}

      <ProCard title={t('admin.problemEdit.sectionTestcase')} bordered headerBordered>
        {remoteOj ? (
          <Alert
            type="info"
            showIcon
            data-testid="problem-remote-testcase"
            message={t('admin.problemEdit.remoteTestcase', { oj: remoteOj })}
          />
        ) : (
          <>
            <ProFormRadio.Group
              name="isUploadCase"
              label={t('admin.problemEdit.testcaseMode')}
              options={[
                { label: t('admin.problemEdit.testcaseUpload'), value: true },
                { label: t('admin.problemEdit.testcaseManual'), value: false },
              ]}
              fieldProps={{ onChange: () => form.setFieldValue('samples', []) }}
            />
            <ProFormDependency name={['isUploadCase', 'type', 'caseGroups']}>
              {({ isUploadCase, type, caseGroups }) => (
                <>
                  {isUploadCase && (
                    <Space direction="vertical" style={{ marginBottom: 12 }}>
                      <Upload
                        accept=".zip"
                        showUploadList={false}
                        beforeUpload={(file) => {
                          void upload(file);
                          return false;
                        }}
                      >
                        <Button icon={<UploadOutlined />} loading={uploading} data-testid="testcase-upload">
                          {t('admin.problemEdit.uploadZip')}
                        </Button>
                      </Upload>
                      <span style={{ color: '#888' }}>{t('admin.problemEdit.uploadZipHint')}</span>
                    </Space>
                  )}
                  {type === ProblemType.OI && (
                    <Form.Item
                      name="caseGroups"
                      label={<span id="problem-case-groups-label">{t('admin.problemEdit.caseGroups')}</span>}
                      extra={t('admin.problemEdit.caseGroupsHint')}
                    >
                      <LabelledGroup labelId="problem-case-groups-label">
                        <GroupTable />
                      </LabelledGroup>
                    </Form.Item>
                  )}
                  <Form.Item name="samples" label={<span id="problem-samples-label">{t('admin.problemEdit.caseList')}</span>}>
                    <LabelledGroup labelId="problem-samples-label">
                      <CaseTable
                        manual={!isUploadCase}
                        scored={type === ProblemType.OI}
                        grouped={type === ProblemType.OI && !!caseGroups?.length}
                      />
                    </LabelledGroup>
                  </Form.Item>
                </>
              )}
            </ProFormDependency>
          </>
        )}
      </ProCard>
    </ProForm>
  );
}
