import type { UserInfo } from '@cp/contracts';
import { Watermark } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';

const watermarkStyle = { width: 340, opacity: 0.125, fontSize: 18 } as const;

export function watermarkText(user: Pick<UserInfo, 'userName' | 'code'>, now: Date): string {
  return `${user.userName} ${user.code} ${dayjs(now).format('YYYY-MM-DD HH:mm')}`;
}

/** The current minute, re-read every 30 seconds so the watermark's time stays current. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** User name, user code and date-time drawn across the console once user info is loaded. */
export function WatermarkLayer({ user, children }: { user: UserInfo; children: ReactNode }) {
  const text = watermarkText(user, useNow());
  return (
    <div className="watermark-layer" data-watermark={text}>
      <Watermark
        // Clipped without becoming a scroll container (the component's own `hidden` would): the header's
        // `position: sticky` then holds to the page, not to this box.
        style={{ minHeight: '100vh', overflow: 'clip' }}
        content={text}
        width={watermarkStyle.width}
        font={{ fontSize: watermarkStyle.fontSize, color: `rgba(0, 0, 0, ${watermarkStyle.opacity})` }}
      >
        {children}
      </Watermark>
    </div>
  );
}
