import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'sente',
  colors: {
    sente: ['#e6f7f0', '#c3ebdb', '#9cdec4', '#6fcfaa', '#45c192', '#22b07d', '#13966a', '#0b7a53', '#065f40', '#02452d'],
  },
  primaryShade: 7,
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // The close button is an icon: every modal's gets a name a screen reader can say. A plain object, not
    // Modal.extend, so the sign-in page's bundle does not carry the Modal component.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine draws a modal's and a drawer's title bar as <header>, which inside a dialog is a second banner landmark
    // beside the shell's header (axe: landmark-no-duplicate-banner, landmark-unique): a plain box instead.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Mantine's default dimmed grey (#868e96) and error red (#fa5252) fall below WCAG AA contrast on white;
 * darker shades keep hints, timers and field errors readable in sunlight on a cheap phone.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-sente-light-color': 'var(--mantine-color-sente-8)',
  },
  dark: {},
});
