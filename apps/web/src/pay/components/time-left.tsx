import { useEffect, useState } from 'react';

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The time left to approve, counting down each second. A timer (role="timer") is not announced at every tick: the
 * sentence under the facts says the limit once, and a screen reader reads the time when it reaches this row.
 */
export function TimeLeft({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <div>
      <dt>Time left to approve</dt>
      <dd>
        <span role="timer">{minutesAndSeconds(seconds)}</span>
      </dd>
    </div>
  );
}
