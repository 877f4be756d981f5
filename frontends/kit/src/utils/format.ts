/** Display helpers of product §9: memory in KB/MB up to YB, time in ms, length in B, local times. */
const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

export function formatMemoryKb(kb: number | null | undefined): string {
  if (kb == null || Number.isNaN(kb)) return '--';
  let value = kb;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(2)}${UNITS[unit]}`;
}

export const formatTimeMs = (ms: number | null | undefined): string => (ms == null ? '--' : `${ms}ms`);
export const formatLength = (bytes: number | null | undefined): string => (bytes == null ? '--' : `${bytes}B`);

const pad = (n: number) => String(n).padStart(2, '0');

/** UTC (ISO) to local `YYYY-MM-DD HH:mm:ss`. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '--';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Seconds as hh:mm:ss (the contest clock). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Copies text; resolves false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
