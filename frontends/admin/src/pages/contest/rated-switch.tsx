/** A contest's "rated" flag in the list: its ratings apply when it ends; once applied the switch is locked. */
import { App, Switch, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { RatedState, changeContestRated, getContestRated } from './api';

export function RatedSwitch({ cid }: { cid: number }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [state, setState] = useState<RatedState | null>(null);
  useEffect(() => {
    getContestRated(cid)
      .then(setState)
      .catch(() => setState(null));
  }, [cid]);
  const change = async (rated: boolean) => {
    try {
      setState(await changeContestRated(cid, rated));
      message.success(t('admin.common.updated'));
    } catch {
      // shown by the client
    }
  };
  const box = <Switch size="small" loading={!state} checked={!!state?.rated} disabled={!state || state.applied} onChange={change} />;
  return state?.applied ? <Tooltip title={t('admin.contest.ratedApplied')}>{box}</Tooltip> : box;
}
