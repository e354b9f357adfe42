import { type BranchTimeZone, dateIn, schoolToday, selectTimeZone, sessionStore } from '@keuangan/shared';
import { useCallback } from 'react';
import { useEmbed } from './embed/context';

/**
 * "Today" ('YYYY-MM-DD') of the branch the screen works in, in its time zone: the session's active branch in our
 * host, the token's branch in an embedded view (which never reads the page's Keuangan session).
 */
export function useToday(): () => string {
  const embed = useEmbed();
  return useCallback(() => (embed ? dateIn(embed.timeZone) : schoolToday()), [embed]);
}

/** The time zone of the branch the screen works in (as `useToday`): the clock every time shown is read on. */
export function useBranchZone(): BranchTimeZone {
  const embed = useEmbed();
  // Embedded, the page's Keuangan session is never read (docs/architecture.md): the token's zone instead.
  return embed ? embed.timeZone : selectTimeZone(sessionStore.getState());
}
