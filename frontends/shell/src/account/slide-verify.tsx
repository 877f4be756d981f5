/**
 * Slide-to-verify (product §5: accuracy 3, block 42, picture 325x100), required from the 5th failed login.
 * The server draws the puzzle and keeps the gap's x (GET /api/get-slide-verify); the drop position is
 * checked by POST /api/check-slide-verify, whose slideToken goes with the next login.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { SLIDE_VERIFY, SlideChallenge, SlideVerifyResponse } from '@oj/contracts';
import { api, call } from '@oj/kit';

const { blockPx, widthPx, heightPx } = SLIDE_VERIFY;

export const clampSlide = (x: number): number => Math.min(Math.max(0, Math.round(x)), widthPx - blockPx);

export function SlideVerify({ username, onSuccess }: { username: () => string; onSuccess: (slideToken: string) => void }) {
  const [challenge, setChallenge] = useState<SlideChallenge | null>(null);
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState<'idle' | 'dragging' | 'checking' | 'ok' | 'fail'>('idle');
  const startX = useRef(0);

  const reload = useCallback(() => {
    setOffset(0);
    setState('idle');
    call<SlideChallenge>(api.get('/get-slide-verify'))
      .then(setChallenge)
      .catch(() => setChallenge(null));
  }, []);
  useEffect(reload, [reload]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (state !== 'idle' || !challenge) return;
    startX.current = e.clientX - offset;
    setState('dragging');
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (state === 'dragging') setOffset(clampSlide(e.clientX - startX.current));
  };
  const onPointerUp = async () => {
    if (state !== 'dragging' || !challenge) return;
    setState('checking');
    try {
      const { slideToken } = await call<SlideVerifyResponse>(
        api.post('/check-slide-verify', { slideKey: challenge.slideKey, x: offset, username: username() }),
      );
      setState('ok');
      onSuccess(slideToken);
    } catch {
      setState('fail');
      setTimeout(reload, 800);
    }
  };

  const barColor = state === 'ok' ? '#d2f4ef' : state === 'fail' ? '#fce1e1' : '#f7f9fa';
  return (
    <div data-testid="slide-verify" style={{ width: widthPx, userSelect: 'none', margin: '0 auto 16px' }}>
      <div style={{ position: 'relative', width: widthPx, height: heightPx, background: '#f0f0f0' }}>
        {challenge ? (
          <>
            <img src={challenge.img} width={widthPx} height={heightPx} alt="" draggable={false} style={{ display: 'block' }} />
            <img
              src={challenge.block}
              width={blockPx}
              height={blockPx}
              alt=""
              draggable={false}
              style={{ position: 'absolute', left: offset, top: challenge.y }}
            />
          </>
        ) : (
          <Spin style={{ position: 'absolute', left: widthPx / 2 - 10, top: heightPx / 2 - 10 }} />
        )}
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          style={{ position: 'absolute', right: 2, top: 2 }}
          onClick={reload}
          aria-label="refresh"
        />
      </div>
      <div
        style={{
          position: 'relative',
          height: 36,
          marginTop: 8,
          background: barColor,
          border: '1px solid #e4e7eb',
          textAlign: 'center',
          lineHeight: '36px',
          color: '#45494c',
        }}
      >
        <FormattedMessage id={state === 'ok' ? 'shell.slideVerify.success' : 'shell.slideVerify.hint'} />
        <div
          role="slider"
          aria-valuenow={offset}
          data-testid="slide-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => void onPointerUp()}
          style={{
            position: 'absolute',
            left: offset,
            top: 0,
            width: blockPx,
            height: 34,
            background: state === 'ok' ? '#52c41a' : '#1677ff',
            cursor: 'pointer',
            touchAction: 'none',
          }}
        />
      </div>
    </div>
  );
}
