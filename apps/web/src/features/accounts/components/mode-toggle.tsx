import { Box, Switch } from '@mantine/core';
import type { Environment } from '@sente/contracts/constants';
import classes from './mode-toggle.module.css';

/** The word the screens use for an environment: production is 'live'. */
export const modeName = (environment: Environment) => (environment === 'production' ? 'live' : 'test');

/**
 * The test/live toggle. It never changes the mode by itself: it asks the caller to confirm
 * (ModeConfirmModal), and shows the new mode only once the server has switched.
 */
export function ModeToggle({
  environment,
  onRequestChange,
}: {
  environment: Environment;
  onRequestChange: (target: Environment) => void;
}) {
  const live = environment === 'production';
  const short = live ? 'Live' : 'Test';
  return (
    <Switch
      checked={live}
      onChange={(event) => onRequestChange(event.currentTarget.checked ? 'production' : 'test')}
      aria-label={`${short} mode`}
      // NOTE: a phone's header has room for the account number only with the short label.
      label={
        <>
          {short}
          <Box component="span" visibleFrom="sm">
            &nbsp;mode
          </Box>
        </>
      }
      color="sente"
      classNames={{ label: classes.label }}
    />
  );
}
