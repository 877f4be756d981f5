import { useEffect, useState } from 'react';
import { LIMITS } from '@oj/contracts';

/** True below 1050 px (product §2: mobile layout with a drawer). */
export function useIsMobile(): boolean {
  const query = `(max-width: ${LIMITS.mobileLayoutWidthPx - 1}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = () => setMobile(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return mobile;
}
