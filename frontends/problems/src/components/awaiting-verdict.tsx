/**
 * The small spinner beside a verdict that is still on its way (Pending, Compiling, Judging). It is the page's state,
 * not its loading: the browser suites tell the two apart by its class (e2e/all-routes waits for loading spinners to
 * go, and no judge runs there, so a verdict never arrives).
 */
import { Spin } from 'antd';

export const AWAITING_VERDICT_CLASS = 'oj-awaiting-verdict';

export function AwaitingVerdict() {
  return <Spin size="small" className={AWAITING_VERDICT_CLASS} />;
}
