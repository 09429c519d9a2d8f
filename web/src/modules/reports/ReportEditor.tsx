import { PlayCircleOutlined, ScanOutlined } from '@ant-design/icons';
import {
  REPORT_BUILT_IN_PARAMS,
  REPORT_PATHS,
  type ReportParamValues,
  reportHead,
  type SqlParseAnswer,
  type SqlResultAnswer,
  sqlParseAnswer,
  sqlResultAnswer,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Divider, Drawer, Form, Input, Row, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { showFieldErrors } from '../../platform/forms';
import { http } from '../../platform/http';
import { notify } from '../../platform/notify';
import { useRemoteRows } from '../../platform/resource/options';
import { ItemsTable } from './ItemsTable';
import { addMissing, type HeadDraft, headDraft, missingColumns, NEW_HEAD, REPORT_CODE, toSave } from './items';

/** The server fills these itself: a test value for them would do nothing. */
const isBuiltIn = (name: string) => (REPORT_BUILT_IN_PARAMS as readonly string[]).includes(name);

/** Every enabled role, as the identity pages' role pickers read them (an API any signed-in user may call). */
const ROLE_PICKS = '/api-user/roles/getSysRoleList';

/** What the page does, the switches of the head, in the order the form shows them. */
const SWITCHES = ['isAuto', 'hideQuery', 'isPage', 'isSummary', 'isPrint', 'isExcel', 'isUdiy', 'isContent'] as const;

/** The rows a test run shows at most (the server sends no more). */
const TEST_ROWS = 100;

const MONOSPACE = { fontFamily: 'SFMono-Regular, Consolas, "Liberation Mono", Menlo, monospace' };

/** The test values given: an empty one is left out, the SQL then reads it as null. */
const givenParams = (values: Record<string, string>): ReportParamValues =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));

/**
 * 报表设计's editor of one report (or a new one, `headId` 'new'): the head's settings, its SQL with a parse
 * (which columns it gives, which parameters it reads) and a test run, and its columns. Read-only without the
 * right to edit. Saving sends the columns too: the server keeps exactly these.
 */
export function ReportEditor({ headId, readOnly, onClose }: { headId: number | 'new'; readOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const existing = useQuery({
    queryKey: ['reports', 'head', headId],
    enabled: headId !== 'new',
    staleTime: 0,
    queryFn: ({ signal }) => http.read(reportHead, REPORT_PATHS.headGet, { id: headId }, { signal }),
  });
  const head = existing.data;
  // a report shipped with HeadOffice is not changed (the server refuses it): it is copied, and the copy changed
  const locked = readOnly || !!head?.shipped;
  const title =
    headId === 'new'
      ? t('reports.editor.createTitle')
      : t(locked ? 'reports.editor.viewTitle' : 'reports.editor.editTitle', { name: head?.name ?? '' });
  return (
    <Drawer open onClose={onClose} size={1200} destroyOnHidden mask={{ closable: false }} loading={headId !== 'new' && !head} title={title}>
      {head?.shipped && <Alert type="info" showIcon title={t('reports.editor.shipped')} style={{ marginBottom: 12 }} />}
      {(headId === 'new' || head) && (
        <EditorForm
          id={head?.id}
          initial={head ? headDraft(head) : NEW_HEAD}
          initialTestParams={head?.testParams ?? {}}
          readOnly={locked}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

function EditorForm({
  id,
  initial,
  initialTestParams,
  readOnly,
  onClose,
}: {
  id: number | undefined;
  initial: HeadDraft;
  initialTestParams: Record<string, string>;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const k = (key: string, params?: Record<string, unknown>) => t(`reports.editor.${key}`, params);
  const [form] = Form.useForm<HeadDraft>();
  const [testParams, setTestParams] = useState(initialTestParams);
  const [parsed, setParsed] = useState<SqlParseAnswer | null>(null);
  const [result, setResult] = useState<SqlResultAnswer | null>(null);
  const showsContent = Form.useWatch('isContent', form);
  const items = Form.useWatch('items', form) ?? initial.items;
  const roles = useRemoteRows(ROLE_PICKS);
  const roleOptions = (Array.isArray(roles.data) ? roles.data : []).map((r) => ({ value: Number(r.id), label: String(r.name ?? '') }));

  const sqlBody = async () => {
    const { reportSql } = await form.validateFields(['reportSql']);
    return { reportSql, params: givenParams(testParams) };
  };
  const parse = useAction({
    run: async () => http.send(sqlParseAnswer, REPORT_PATHS.sqlParse, await sqlBody()),
    done: (answer) => {
      setParsed(answer);
      // The parameters are those the SQL reads now; a value typed for one it still reads is kept.
      setTestParams((old) => Object.fromEntries(answer.params.filter((name) => !isBuiltIn(name)).map((name) => [name, old[name] ?? ''])));
    },
  });
  const tryRun = useAction({
    run: async () => http.send(sqlResultAnswer, REPORT_PATHS.sqlResult, await sqlBody()),
    done: setResult,
  });
  const save = useAction({
    run: async () => {
      await form.validateFields();
      // every value of the form, the list's cells included (validateFields answers the validated ones only)
      const draft = form.getFieldsValue(true) as HeadDraft;
      return http.post(REPORT_PATHS.headSave, toSave(id, draft, testParams));
    },
    success: 'reports.editor.saved',
    invalidates: [['reports']],
    done: onClose,
    failed: (error) => showFieldErrors(form, error),
  });

  const missing = parsed ? missingColumns(parsed, items) : [];
  const addParsed = () => {
    if (!parsed) return;
    form.setFieldValue('items', addMissing(parsed, form.getFieldValue('items') ?? []));
    notify.message.success(k('added', { count: missing.length }));
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} disabled={readOnly} data-testid="report-editor">
      <Divider titlePlacement="start">{k('head')}</Divider>
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item
            name="code"
            label={t('reports.design.code')}
            rules={[
              { required: true, message: t('common.pleaseEnter', { label: t('reports.design.code') }) },
              { pattern: REPORT_CODE, message: t('reports.design.codeRule') },
            ]}
          >
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="name"
            label={t('reports.design.name')}
            rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: t('reports.design.name') }) }]}
          >
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="status" label={t('reports.design.status')}>
            <Select
              options={[
                { value: 1, label: t('common.enabled') },
                { value: 0, label: t('common.disabled') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="roles" label={k('roles')} tooltip={k('rolesHelp')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={k('rolesPh')}
              loading={roles.isLoading}
              options={roleOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={k('switches')}>
        <Space wrap size={[16, 8]}>
          {SWITCHES.map((key) => (
            <Space key={key} size={4}>
              <Form.Item name={key} valuePropName="checked" noStyle>
                <Switch size="small" aria-label={k(key)} />
              </Form.Item>
              <span>{k(key)}</span>
            </Space>
          ))}
        </Space>
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="content" label={k('content')} extra={k('contentHelp')}>
            <Input.TextArea rows={2} maxLength={2000} disabled={readOnly || !showsContent} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="memo" label={k('memo')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{k('sql')}</Divider>
      <Form.Item
        name="reportSql"
        label={k('sql')}
        extra={k('sqlHelp', { from: '_from', to: '_to' })}
        rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: k('sql') }) }]}
      >
        <Input.TextArea rows={12} maxLength={20_000} spellCheck={false} style={MONOSPACE} aria-label={k('sql')} />
      </Form.Item>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ScanOutlined />} loading={parse.busy} onClick={() => parse.run()}>
          {k('parse')}
        </Button>
        <Button icon={<PlayCircleOutlined />} loading={tryRun.busy} onClick={() => tryRun.run()}>
          {k('tryRun')}
        </Button>
      </Space>
      {parsed && (
        <Alert
          style={{ marginBottom: 12 }}
          type={missing.length ? 'warning' : 'success'}
          showIcon
          data-testid="report-parsed"
          title={k('parsed', { count: parsed.columns.length })}
          description={
            missing.length
              ? k('missing', { count: missing.length, names: missing.map((c) => c.name).join(t('reports.run.listSeparator')) })
              : k('noMissing')
          }
          action={
            missing.length && !readOnly ? (
              <Button size="small" type="primary" onClick={addParsed}>
                {k('addMissing')}
              </Button>
            ) : null
          }
        />
      )}
      <TestParams values={testParams} onChange={setTestParams} />
      {result && <TestResult result={result} />}

      <Divider titlePlacement="start">{k('items')}</Divider>
      <ItemsTable roles={roleOptions} rolesLoading={roles.isLoading} />

      {!readOnly && (
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
          <Button onClick={onClose}>{k('cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={() => save.run()}>
            {k('save')}
          </Button>
        </Space>
      )}
    </Form>
  );
}

/** The values of the SQL's parameters for the checks, one input per parameter the parse found. */
function TestParams({ values, onChange }: { values: Record<string, string>; onChange: (values: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const names = Object.keys(values);
  return (
    <Form.Item label={t('reports.editor.testParams')} extra={t('reports.editor.testParamsHelp')}>
      {names.length ? (
        <Space wrap data-testid="report-test-params">
          {names.map((name) => (
            <Input
              key={name}
              style={{ width: 240 }}
              prefix={<Typography.Text type="secondary">:{name}</Typography.Text>}
              aria-label={name}
              maxLength={200}
              value={values[name]}
              onChange={(e) => onChange({ ...values, [name]: e.target.value })}
            />
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('reports.editor.noParams')}</Typography.Text>
      )}
    </Form.Item>
  );
}

/** A test run's first rows, as the SQL answers them (no formatting: what the columns' settings will do is not applied yet). */
function TestResult({ result }: { result: SqlResultAnswer }) {
  const { t } = useTranslation();
  const rows = result.rows.slice(0, TEST_ROWS).map((row, i) => ({ ...row, 'row#': i }));
  return (
    <div style={{ marginBottom: 12 }} data-testid="report-test-result">
      <Typography.Text strong>{t('reports.editor.result')}</Typography.Text>
      {result.more && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          {t('reports.editor.resultMore', { count: TEST_ROWS })}
        </Typography.Text>
      )}
      <Table
        size="small"
        bordered
        rowKey="row#"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 300 }}
        columns={result.columns.map((c) => ({
          key: c.name,
          dataIndex: c.name,
          title: c.name,
          render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)),
        }))}
      />
    </div>
  );
}
